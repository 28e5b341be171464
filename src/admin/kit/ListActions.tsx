import { CreateButton, ExportButton, FilterButton, SelectColumnsButton, TopToolbar, useResourceDefinition } from 'react-admin';

/** List toolbar of generated screens: filters, column chooser, create (when allowed) and CSV export. */
export const ListActions = () => {
  const { hasCreate } = useResourceDefinition();
  return (
    <TopToolbar>
      <FilterButton />
      <SelectColumnsButton />
      {hasCreate && <CreateButton />}
      <ExportButton />
    </TopToolbar>
  );
};
