/** Datagrid sx keeping column titles on one line (narrow CJK titles otherwise break one character per line). */
export const noWrapHeaders = { '& .RaDatagrid-headerCell': { whiteSpace: 'nowrap' } } as const;
