import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { UiFieldMeta as FieldMeta } from '../../../shared/entity-meta';
import { fieldMeta, inputAttrs, isNumeric, useRuleMessage } from '../../kit/schema';
import type { Sku } from './catalogApi';
import { specLabel } from './spData';

/** The editable fields of a SKU row, with the key of their column title (the form's wording: "Sale price"...). */
const COLUMNS = [
  ['skuCode', 'code'],
  ['price', 'price'],
  ['promotionPrice', 'promotionPrice'],
  ['stock', 'stock'],
  ['lowStock', 'lowStock'],
] as const satisfies readonly (readonly [keyof Sku, string])[];

// Type, bounds, step and length of each cell come from schemas/skuStock.json.
const columns = COLUMNS.map(([key, label]) => ({ key, label, field: fieldMeta('skuStock', key) }));
type Column = (typeof columns)[number];

const cellValue = (f: FieldMeta | undefined, raw: string) => (isNumeric(f) ? (raw === '' ? null : Number(raw)) : raw);

/** Editable SKU rows: spec values, code, sale price, promotion price, stock, low stock. */
export const SkuTable = ({ rows, onChange }: { rows: Sku[]; onChange: (rows: Sku[]) => void }) => {
  const translate = useTranslate();
  const edit = (index: number, col: Column, raw: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [col.key]: cellValue(col.field, raw) } : row)));
  // A cell breaking its schema rule says so, as react-admin inputs do (the server refuses the row anyway).
  const problem = useRuleMessage();
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" data-testid="sku-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.catalog.product.sku.spec')}</TableCell>
            {columns.map((c) => (
              <TableCell key={c.key}>{translate(`app.catalog.product.sku.${c.label}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.spData ?? row.id ?? i}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{specLabel(row.spData)}</TableCell>
              {columns.map((c) => {
                const error = problem(c.field, row[c.key]);
                return (
                  <TableCell key={c.key} sx={{ minWidth: isNumeric(c.field) ? 96 : 140 }}>
                    <TextField
                      size="small"
                      type={isNumeric(c.field) ? 'number' : 'text'}
                      value={row[c.key] ?? ''}
                      onChange={(e) => edit(i, c, e.target.value)}
                      error={!!error}
                      helperText={error}
                      slotProps={{
                        htmlInput: {
                          ...inputAttrs(c.field),
                          name: `sku.${i}.${c.key}`,
                          'aria-label': translate(`app.catalog.product.sku.${c.label}`),
                        },
                      }}
                    />
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
