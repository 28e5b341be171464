import { Tab, Tabs } from '@mui/material';
import { useListContext, useTranslate } from 'react-admin';
import { ProductDeleteStatus } from '../../../../generated/enums';

/** Products / Recycle bin: the same list filtered on deleteStatus. */
export const RecycleTabs = () => {
  const { filterValues, displayedFilters, setFilters, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const bin =
    Number(filterValues.deleteStatus) === ProductDeleteStatus.recycled
      ? ProductDeleteStatus.recycled
      : ProductDeleteStatus.normal;
  const change = (_: unknown, value: number) => {
    onUnselectItems();
    setFilters({ ...filterValues, deleteStatus: value }, displayedFilters);
  };
  return (
    <Tabs value={bin} onChange={change} sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}>
      <Tab value={ProductDeleteStatus.normal} label={translate('app.catalog.product.list.products')} />
      <Tab value={ProductDeleteStatus.recycled} label={translate('app.catalog.product.list.recycleBin')} />
    </Tabs>
  );
};

export const useInRecycleBin = () =>
  Number(useListContext().filterValues.deleteStatus) === ProductDeleteStatus.recycled;
