import { Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Sku } from './catalogApi';
import { specLabel } from './spData';

type Column = { key: keyof Sku; label: string; numeric: boolean; min?: number };

const COLUMNS: Column[] = [
  { key: 'skuCode', label: 'code', numeric: false },
  { key: 'price', label: 'price', numeric: true, min: 0 },
  { key: 'promotionPrice', label: 'promotionPrice', numeric: true, min: 0 },
  { key: 'stock', label: 'stock', numeric: true, min: -1 },
  { key: 'lowStock', label: 'lowStock', numeric: true, min: 0 },
];

const cellValue = (col: Column, raw: string) => (col.numeric ? (raw === '' ? null : Number(raw)) : raw);

/** Editable SKU rows: spec values, code, sale price, promotion price, stock, low stock. */
export const SkuTable = ({ rows, onChange }: { rows: Sku[]; onChange: (rows: Sku[]) => void }) => {
  const translate = useTranslate();
  const edit = (index: number, col: Column, raw: string) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [col.key]: cellValue(col, raw) } : row)));
  return (
    <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      <Table size="small" data-testid="sku-table">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.catalog.product.sku.spec')}</TableCell>
            {COLUMNS.map((c) => (
              <TableCell key={c.key}>{translate(`app.catalog.product.sku.${c.label}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row, i) => (
            <TableRow key={row.spData ?? row.id ?? i}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{specLabel(row.spData)}</TableCell>
              {COLUMNS.map((c) => (
                <TableCell key={c.key} sx={{ minWidth: c.numeric ? 96 : 140 }}>
                  <TextField
                    size="small"
                    type={c.numeric ? 'number' : 'text'}
                    value={row[c.key] ?? ''}
                    onChange={(e) => edit(i, c, e.target.value)}
                    slotProps={{ htmlInput: { min: c.min, step: c.key === 'stock' || c.key === 'lowStock' ? 1 : 0.01, name: `sku.${i}.${c.key}`, 'aria-label': translate(`app.catalog.product.sku.${c.label}`) } }}
                  />
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
