import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { useGetList, useGetOne, useListContext, useNotify, useTranslate, type Identifier } from 'react-admin';
import { Button } from '../../components/Button';
import { PickDialog, useWrite } from '../../kit';
import { FlashPricesDialog } from './FlashPricesDialog';

/**
 * "Add products" on a session's product list: pick products of the promotion's shop (those already in the session
 * are marked), then give each its flash price, quantity and limit; one call creates them all.
 */
export const AddFlashProducts = () => {
  const { filterValues } = useListContext();
  const promotionId = Number(filterValues.flashPromotionId);
  const sessionId = Number(filterValues.flashPromotionSessionId);
  const ready = promotionId > 0 && sessionId > 0;
  const [step, setStep] = useState<'closed' | 'pick' | 'prices'>('closed');
  const [ids, setIds] = useState<Identifier[]>([]);
  const translate = useTranslate();
  const notify = useNotify();
  const { mutateAsync: create } = useWrite('flashProductRelation', (dataProvider, data: Record<string, unknown>[]) =>
    dataProvider.create('flashProductRelation', { data: data as never }),
  );
  const { data: promotion } = useGetOne('flash', { id: promotionId }, { enabled: ready });
  const { data: existing } = useGetList(
    'flashProductRelation',
    {
      filter: { flashPromotionId: promotionId, flashPromotionSessionId: sessionId },
      pagination: { page: 1, perPage: 1000 },
    },
    { enabled: ready && step === 'pick' },
  );
  if (!ready) return null;
  const save = async (items: Record<string, unknown>[]) => {
    try {
      const data = items.map((it) => ({ ...it, flashPromotionId: promotionId, flashPromotionSessionId: sessionId }));
      await create(data);
      notify('app.message.submitSuccess', { type: 'success' });
      setStep('closed');
      return true;
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      return false;
    }
  };
  return (
    <>
      <Button label="app.flash.addProducts" onClick={() => setStep('pick')}>
        <AddIcon />
      </Button>
      {step === 'pick' && promotion && (
        <PickDialog
          resource="product"
          title={translate('app.flash.addProducts')}
          filter={{ shopId: promotion.shopId }}
          chosen={(existing ?? []).map((r) => r.productId as Identifier)}
          onClose={() => setStep('closed')}
          onPick={(picked) => {
            setIds(picked);
            setStep('prices');
          }}
        />
      )}
      {step === 'prices' && <FlashPricesDialog productIds={ids} onClose={() => setStep('closed')} onSubmit={save} />}
    </>
  );
};
