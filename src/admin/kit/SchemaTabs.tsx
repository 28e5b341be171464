import { Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useListContext, useResourceContext, useTranslate } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { Params } from '../providers/http';
import { enumKey } from './enumChoices';
import { entityMeta } from './schema';

const ALL = 'all';

export interface SchemaTabsProps {
  /** The enum field the tabs filter on (default: the schema's `tabs`). */
  field?: string;
  /** Each value's label as a translation key (default: the value's enum label). */
  labels?: Record<string, string>;
}

/**
 * One tab per value of an enum field (the schema's `tabs`: order status, return status) plus "All", each with its
 * count under the list's other filters, from `GET <path>/countBy/<field>` (the server counts the `tabs` field only).
 * Choosing a tab sets that field's filter. A field whose filter has a default (a product's recycle bin) has no "All":
 * the server always filters on it, so no filter is that default's tab.
 */
export const SchemaTabs = ({ field: given, labels }: SchemaTabsProps) => {
  const resource = useResourceContext() ?? '';
  const e = entityMeta(resource)!;
  const field = given ?? e.tabs!;
  const counted = field === e.tabs;
  const fallback = e.filters.find((f) => f.param === field)?.default;
  const values = e.fields.find((f) => f.name === field)?.enum ?? [];
  const { filterValues, displayedFilters, setFilters, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { [field]: current, ...others } = filterValues as Record<string, unknown>;
  // Under the resource's key: react-admin's refresh and its mutations on the resource refetch the counts too.
  const { data: counts } = useQuery({
    queryKey: [resource, 'countBy', field, others],
    queryFn: () => dataProvider.countBy(resource, field, others as Params),
    enabled: counted,
  });
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  const unset = fallback === undefined ? ALL : String(fallback);
  const value = current === undefined || current === '' ? unset : String(current);
  const change = (_: unknown, next: string) => {
    onUnselectItems();
    setFilters(next === ALL ? others : { ...others, [field]: Number(next) }, displayedFilters);
  };
  return (
    <Tabs
      value={value}
      onChange={change}
      variant="scrollable"
      scrollButtons="auto"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
    >
      {fallback === undefined && <Tab value={ALL} label={label(translate('app.list.all'), total)} />}
      {values.map((v) => (
        <Tab
          key={String(v)}
          value={String(v)}
          label={label(
            translate(labels?.[String(v)] ?? enumKey(resource, field, v), { _: String(v) }),
            counts?.[String(v)],
          )}
        />
      ))}
    </Tabs>
  );
};
