import { Alert, Box, Card, CardContent, CircularProgress, Typography, Stack } from '@mui/material';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  AutocompleteInput,
  Form,
  ResourceContextProvider,
  SaveButton,
  Title,
  useGetMany,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Button } from '../../components/Button';
import { DELIVERY_COMPANIES } from '../../../shared/constants';
import { ORDER_ACTIONS, orderAllows } from '../../../shared/order-states';
import { stepRules, TextInput, useIsMobile } from '../../kit';
import { routePath } from '../../routes/routePath';
import { deliverOrders, type DeliveryItem } from './orderApi';

const companyChoices = DELIVERY_COMPANIES.map((name) => ({ id: name, name }));

/**
 * /oms/deliverOrderList?ids=1,2: ships the shippable ones of the chosen orders, each with its carrier and tracking
 * number (both required here; the schema's length rules apply). Cancel says "Shipment cancelled".
 */
export const DeliverOrderPage = () => {
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter((s) => /^\d+$/.test(s));
  const { data, isPending, error } = useGetMany('order', { ids });
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const phone = useIsMobile();
  const back = () => navigate(routePath('order'));
  const orders = (data ?? []).filter((o) => orderAllows('ship', o.status));
  const submit = async (values: Record<string, unknown>) => {
    const items = (values.items as DeliveryItem[]).map(({ orderId, deliveryCompany, deliverySn }) => ({
      orderId,
      deliveryCompany,
      deliverySn,
    }));
    try {
      await deliverOrders(items);
      notify('app.message.shipSuccess', { type: 'success' });
      void back();
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    }
  };
  const cancel = () => {
    notify('app.message.shipmentCancelled', { type: 'info' });
    void back();
  };
  return (
    <ResourceContextProvider value="order">
      <Title title="menu.deliverOrderList" />
      <Stack spacing={2} sx={{ mt: 2, mb: 4 }}>
        <Typography variant="h5" component="h2">
          {translate('menu.deliverOrderList')}
        </Typography>
        {isPending ? (
          <CircularProgress size={28} />
        ) : error ? (
          <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>
        ) : !orders.length ? (
          <Alert severity="warning" action={<Button label="ra.action.back" onClick={() => void back()} />}>
            {translate('app.message.noShippable')}
          </Alert>
        ) : (
          <Form
            defaultValues={{
              items: orders.map((o) => ({ orderId: o.id, deliveryCompany: '', deliverySn: '' })),
            }}
            onSubmit={submit}
          >
            <Stack spacing={2}>
              {orders.map((o, i) => (
                <Card key={o.id} variant="outlined" data-testid="ship-order">
                  <CardContent>
                    <Typography variant="subtitle1" component="h2">
                      {translate('resources.order.fields.orderSn')}: {o.orderSn}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {[o.receiverName, o.receiverPhone].filter(Boolean).join(' · ')}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                      {[
                        o.receiverDetailAddress,
                        o.receiverRegion,
                        o.receiverCity,
                        o.receiverProvince,
                        o.receiverPostCode,
                      ]
                        .filter(Boolean)
                        .join(', ')}
                    </Typography>
                    <Box sx={{ display: 'flex', gap: 2, flexDirection: phone ? 'column' : 'row' }}>
                      <AutocompleteInput
                        source={`items.${i}.deliveryCompany`}
                        label="resources.order.fields.deliveryCompany"
                        choices={companyChoices}
                        onCreate={(name) => ({ id: name, name })}
                        createItemLabel="app.order.otherCarrier"
                        validate={stepRules('order', ORDER_ACTIONS.ship, 'deliveryCompany')}
                        sx={{ minWidth: 240 }}
                      />
                      <TextInput
                        source={`items.${i}.deliverySn`}
                        entity="order"
                        validate={stepRules('order', ORDER_ACTIONS.ship, 'deliverySn')}
                      />
                    </Box>
                  </CardContent>
                </Card>
              ))}
              <Box sx={{ display: 'flex', gap: 1 }}>
                <SaveButton label="app.order.confirmShip" alwaysEnable />
                <Button label="ra.action.cancel" onClick={cancel} />
              </Box>
            </Stack>
          </Form>
        )}
      </Stack>
    </ResourceContextProvider>
  );
};
