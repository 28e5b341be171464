import { useState } from 'react';
import { Button, MenuItem, Stack, TextField } from '@mui/material';
import { useNotify, usePermissions, useTranslate } from 'react-admin';
import { Confirm } from '../../components/Confirm';
import type { Permissions } from '../../providers/authProvider';
import { PRODUCT_OPS, PRODUCT_OP_NAMES, type ProductOp } from './productOps';
import { useInRecycleBin } from './RecycleTabs';
import { TransferDialog } from './TransferDialog';
import { useProductBatch } from './useProductBatch';

/** Upstream's batch bar: pick an operation, apply it to the selection (recycling asks first). */
const BatchOperation = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { selectedIds, run, running } = useProductBatch();
  // Review (verify) is the platform's; the server refuses it to sellers.
  const { permissions } = usePermissions<Permissions>();
  const ops = PRODUCT_OP_NAMES.filter((name) => permissions?.platform || PRODUCT_OPS[name].param !== 'verifyStatus');
  const [op, setOp] = useState<ProductOp | ''>('');
  const [asking, setAsking] = useState<'transfer' | 'recycle' | null>(null);

  const apply = () => {
    if (!selectedIds.length) return notify('app.message.selectRecord', { type: 'warning' });
    if (!op) return notify('app.message.selectBatchType', { type: 'warning' });
    if (op === 'transfer' || op === 'recycle') return setAsking(op);
    void run(PRODUCT_OPS[op].param, PRODUCT_OPS[op].value);
  };
  const finish = async (param: string, value: unknown) => {
    if (await run(param, value)) setOp('');
    setAsking(null);
  };

  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <TextField
        select
        size="small"
        label={translate('app.catalog.product.list.batchType')}
        value={op}
        onChange={(e) => setOp(e.target.value as ProductOp)}
        sx={{ minWidth: 200 }}
        slotProps={{ htmlInput: { 'data-testid': 'batch-op' } }}
      >
        {ops.map((name) => (
          <MenuItem key={name} value={name}>
            {translate(`app.catalog.product.list.ops.${name}`)}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" size="small" onClick={apply} disabled={running}>
        {translate('app.catalog.product.list.apply')}
      </Button>
      {asking === 'transfer' && (
        <TransferDialog
          count={selectedIds.length}
          busy={running}
          onClose={() => setAsking(null)}
          onConfirm={(id) => void finish('productCategoryId', id)}
        />
      )}
      <Confirm
        isOpen={asking === 'recycle'}
        loading={running}
        title="app.catalog.confirmTitle"
        content="app.catalog.product.list.confirmRecycle"
        contentTranslateOptions={{ smart_count: selectedIds.length }}
        onConfirm={() => void finish('deleteStatus', 1)}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
};

const RestoreSelected = () => {
  const translate = useTranslate();
  const { run, running } = useProductBatch();
  return (
    <Button
      variant="contained"
      size="small"
      disabled={running}
      onClick={() => void run('deleteStatus', 0, 'app.catalog.product.list.restored')}
    >
      {translate('app.catalog.product.list.restore')}
    </Button>
  );
};

export const ProductBulkActions = () => (useInRecycleBin() ? <RestoreSelected /> : <BatchOperation />);
