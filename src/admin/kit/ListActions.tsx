import type { ReactNode } from 'react';
import {
  CreateButton,
  ExportButton,
  FilterButton,
  SelectColumnsButton,
  TopToolbar,
  useListContext,
  useResourceDefinition,
} from 'react-admin';

/** A list's toolbar: filters, a screen's own buttons, column chooser, create (when allowed) and CSV export. */
export const ListActions = ({ children }: { children?: ReactNode }) => {
  const { hasCreate } = useResourceDefinition();
  const { total } = useListContext();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      {children}
      <SelectColumnsButton />
      {hasCreate && <CreateButton />}
      <ExportButton disabled={!total} />
    </TopToolbar>
  );
};
