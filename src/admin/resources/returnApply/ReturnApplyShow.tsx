import { Box, Stack } from '@mui/material';
import { Labeled, ListButton, Show, TopToolbar, useRecordContext, useTranslate } from 'react-admin';
import { FieldGrid, OrderSection } from '../order/OrderSection';
import { ReturnActions } from './ReturnActions';

const LINE = ['productName', 'productBrand', 'productAttr', 'productCount', 'productPrice', 'productRealPrice'];
const APPLICATION = [
  'id',
  'orderSn',
  'status',
  'createTime',
  'memberUsername',
  'returnName',
  'returnPhone',
  'reason',
  'description',
];
const HANDLING = ['returnAmount', 'companyAddressId', 'handleMan', 'handleTime', 'handleNote'];
const RECEIVING = ['receiveMan', 'receiveTime', 'receiveNote'];

/** The application's proof pictures, full width on a phone. */
const ProofPictures = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const urls = String(record?.proofPics ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return (
    <Labeled label="resources.returnApply.fields.proofPics">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="proof-pictures">
        {urls.length
          ? urls.map((src) => (
              <Box
                key={src}
                component="img"
                src={src}
                alt={translate('resources.returnApply.fields.proofPics')}
                sx={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 1 }}
              />
            ))
          : '—'}
      </Box>
    </Labeled>
  );
};

const LinePicture = () => {
  const record = useRecordContext();
  return record?.productPic ? (
    <Box component="img" src={record.productPic} alt="" sx={{ width: 72, height: 72, objectFit: 'contain' }} />
  ) : null;
};

/** /oms/returnApplyDetail?id=…: the application, the order line it returns, and the step its status allows. */
export const ReturnApplyShow = () => (
  <Show
    component="div"
    actions={
      <TopToolbar sx={{ justifyContent: 'flex-start', flexWrap: 'wrap' }}>
        <ListButton />
        <ReturnActions />
      </TopToolbar>
    }
  >
    <Stack spacing={2} sx={{ mb: 4 }}>
      <OrderSection title="app.returnApply.sections.line">
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <LinePicture />
          <Box sx={{ flex: 1 }}>
            <FieldGrid sources={LINE} />
          </Box>
        </Box>
      </OrderSection>
      <OrderSection title="app.returnApply.sections.application">
        <FieldGrid sources={APPLICATION} />
        <ProofPictures />
      </OrderSection>
      <OrderSection title="app.returnApply.sections.handling">
        <FieldGrid sources={HANDLING} />
      </OrderSection>
      <OrderSection title="app.returnApply.sections.receiving">
        <FieldGrid sources={RECEIVING} />
      </OrderSection>
    </Stack>
  </Show>
);

export default ReturnApplyShow;
