import type { ReactNode } from 'react';
import { ServerExportButton } from './ServerExportButton';
import { ImportButton } from './ImportButton';
import { CreateButton, FilterButton, TopToolbar, useResourceDefinition } from 'react-admin';
import { ColumnsButton } from './ColumnsButton';

/** A list's toolbar: filters, a screen's own buttons, column chooser, create (when allowed) and the streamed CSV export. */
export const ListActions = ({ children }: { children?: ReactNode }) => {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      {children}
      <ColumnsButton className="columns-button" />
      {hasCreate && <CreateButton />}
      <ImportButton />
      <ServerExportButton />
    </TopToolbar>
  );
};
