import type { LabelDisplayedRowsArgs } from '@mui/material';
import { Pagination, useListContext, useTranslate, type PaginationProps } from 'react-admin';

/** react-admin's pagination, reading "N+" when the server says the total is only a lower bound (totalExact false). */
export const TotalPagination = (props: PaginationProps) => {
  const { meta } = useListContext() as { meta?: { totalExact?: boolean } };
  const translate = useTranslate();
  if (meta?.totalExact !== false) return <Pagination {...props} />;
  const label = ({ from, to, count }: LabelDisplayedRowsArgs) =>
    translate('app.pagination.moreThan', { offsetBegin: from, offsetEnd: to, total: count });
  // Pagination passes extra props on to MUI's TablePagination, whose label it replaces (typed out of PaginationProps).
  return <Pagination {...props} {...({ labelDisplayedRows: label } as PaginationProps)} />;
};
