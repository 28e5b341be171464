import type { ReactNode } from 'react';
import {
  CreateButton,
  ExportButton,
  FilterButton,
  TopToolbar,
  useListContext,
  useResourceDefinition,
} from 'react-admin';

/** List toolbar of the hand-written lists: filters, extra buttons, create (when allowed) and CSV export. */
export const ListToolbar = ({ children }: { children?: ReactNode }) => {
  const { hasCreate } = useResourceDefinition();
  const { total } = useListContext();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      {children}
      {hasCreate && <CreateButton />}
      <ExportButton disabled={!total} />
    </TopToolbar>
  );
};
