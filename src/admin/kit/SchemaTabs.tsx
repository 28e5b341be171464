import { Tab, Tabs } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useListContext, useResourceContext, useTranslate } from 'react-admin';
import { api } from '../providers/http';
import { enumKey } from './enumChoices';
import { entityMeta } from './schema';

const ALL = 'all';

/**
 * One tab per value of the schema's `tabs` field (order status, return status) plus "All", each with its count under
 * the list's other filters, from `GET <path>/countBy/<field>`. Choosing a tab sets that field's filter.
 */
export const SchemaTabs = () => {
  const resource = useResourceContext() ?? '';
  const e = entityMeta(resource)!;
  const field = e.tabs!;
  const values = e.fields.find((f) => f.name === field)?.enum ?? [];
  const { filterValues, displayedFilters, setFilters, onUnselectItems } = useListContext();
  const translate = useTranslate();
  const { [field]: current, ...others } = filterValues as Record<string, unknown>;
  // Under the resource's key: react-admin's refresh and its mutations on the resource refetch the counts too.
  const { data: counts } = useQuery({
    queryKey: [resource, 'countBy', field, others],
    queryFn: () => api<Record<string, number>>(`${e.path}/countBy/${field}`, { query: others }),
  });
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const label = (text: string, n: number | undefined) => (n === undefined ? text : `${text} (${n})`);
  const value = current === undefined || current === '' ? ALL : String(current);
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
      <Tab value={ALL} label={label(translate('app.list.all'), total)} />
      {values.map((v) => (
        <Tab
          key={String(v)}
          value={String(v)}
          label={label(translate(enumKey(resource, field, v), { _: String(v) }), counts?.[String(v)])}
        />
      ))}
    </Tabs>
  );
};
