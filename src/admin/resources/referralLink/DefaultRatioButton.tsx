import { useState } from 'react';
import PercentIcon from '@mui/icons-material/Percent';
import { Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { ResourceContextProvider, useCanAccess, useGetOne, useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { EditScreen, entityMeta } from '../../kit';
import { ReferralSettingForm } from '../../../../generated/admin/referralSetting/ReferralSettingForm';
import { singletonId } from '../../../shared/entity-meta';

/** Upstream keeps settings as one row (its id in the schema). */
const SETTING_ID = singletonId(entityMeta('referralSetting'));

/**
 * The default referral commission ratio (used when a link names none): its generated form in a dialog for platform
 * staff; a seller sees the value.
 */
export const DefaultRatioButton = () => {
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ action: 'edit', resource: 'referralSetting', record: { id: SETTING_ID } });
  const { data } = useGetOne('referralSetting', { id: SETTING_ID });
  const ratio = data?.defaultRatio;
  const label = `${translate('app.referral.defaultRatio')}${ratio === undefined || ratio === null ? '' : `: ${ratio}`}`;
  return (
    <>
      <Button label={label} onClick={() => setOpen(true)} disabled={canAccess !== true}>
        <PercentIcon />
      </Button>
      {open && (
        <Dialog open onClose={() => setOpen(false)} fullWidth maxWidth="xs">
          <DialogTitle>{translate('app.referral.defaultRatio')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary">
              {translate('app.referral.defaultRatioHelp')}
            </Typography>
            <ResourceContextProvider value="referralSetting">
              <EditScreen
                id={SETTING_ID}
                redirect={false}
                title=" "
                component="div"
                mutationOptions={{ onSuccess: () => setOpen(false) }}
              >
                <ReferralSettingForm />
              </EditScreen>
            </ResourceContextProvider>
          </DialogContent>
        </Dialog>
      )}
    </>
  );
};
