import type { ReactNode } from 'react';
import { ArrayInput, SimpleFormIterator, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { childListMeta, useEntityName } from './schema';

/**
 * A list of child records saved with the form's record (`x-admin.children`): a coupon's products or categories. Shown
 * only while the parent's field has one of the `when` values, as the server keeps the list only then; its rows hold
 * the child entity's inputs (`entity=` the child), so each cell keeps its schema rules, and no more rows than its
 * `maxItems` are offered.
 */
export const ChildListInput = ({ source, children }: { source: string; children: ReactNode }) => {
  const parent = useEntityName();
  const translate = useTranslate();
  const child = childListMeta(parent, source);
  const watched = useWatch({ name: child?.when?.field ?? '__none__' });
  const rows = (useWatch({ name: source }) as unknown[] | undefined) ?? [];
  if (!child) throw new Error(`ChildListInput: ${parent} has no child list ${source}`);
  if (child.when && !child.when.values.some((v) => String(v) === String(watched))) return null;
  return (
    <ArrayInput source={source} label={translate(`resources.${child.resource}.name`, { smart_count: 2 })}>
      <SimpleFormIterator
        inline
        disableReordering
        disableAdd={child.maxItems !== undefined && rows.length >= child.maxItems}
      >
        {children}
      </SimpleFormIterator>
    </ArrayInput>
  );
};
