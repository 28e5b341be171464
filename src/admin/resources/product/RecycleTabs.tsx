import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';

/** Products / Recycle bin: the same list filtered on deleteStatus 0 or 1. */
export const RecycleTabs = () => {
  const { filterValues, displayedFilters, setFilters, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const bin = Number(filterValues.deleteStatus) === 1 ? 1 : 0;
  const change = (_: unknown, value: number) => {
    onUnselectItems();
    setFilters({ ...filterValues, deleteStatus: value }, displayedFilters);
  };
  return (
    <Tabs value={bin} onChange={change} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
      <Tab value={0} label={translate('app.catalog.product.list.products')} />
      <Tab value={1} label={translate('app.catalog.product.list.recycleBin')} />
    </Tabs>
  );
};

export const useInRecycleBin = () => Number(useListContext().filterValues.deleteStatus) === 1;
