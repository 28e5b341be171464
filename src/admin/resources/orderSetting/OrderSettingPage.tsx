import { ResourceContextProvider, Show, useCanAccess } from 'react-admin';
import { OrderSettingForm } from '../../../../generated/admin/orderSetting/OrderSettingForm';
import { EditScreen, entityMeta } from '../../kit';
import { singletonId } from '../../../shared/entity-meta';
import { FieldGrid, OrderSection } from '../order/OrderSection';

/** Upstream keeps the settings as one row (its id in the schema). */
const SETTINGS_ID = singletonId(entityMeta('orderSetting'));

const fields = () =>
  entityMeta('orderSetting')!
    .fields.filter((f) => !f.readOnly)
    .map((f) => f.name);

/**
 * /oms/orderSetting: the generated form on the one settings row for platform staff; the same values read-only for a
 * seller, whom the server does not let change them.
 */
export const OrderSettingPage = () => {
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'orderSetting', record: { id: SETTINGS_ID } });
  return (
    <ResourceContextProvider value="orderSetting">
      {canAccess === true ? (
        <EditScreen id={SETTINGS_ID} redirect={false} title="menu.orderSetting">
          <OrderSettingForm />
        </EditScreen>
      ) : canAccess === false ? (
        <Show id={SETTINGS_ID} title="menu.orderSetting" component="div">
          <OrderSection title="menu.orderSetting">
            <FieldGrid sources={fields()} />
          </OrderSection>
        </Show>
      ) : null}
    </ResourceContextProvider>
  );
};
