import { useEffect, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';
import { clearSession } from '../providers/session';
import { onSessionExpired } from '../providers/sessionExpired';

/** Spec §8: on a 401 the user may stay (Cancel) or log in again (clears the local session and reloads). */
export const ConfirmLogoutDialog = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  useEffect(() => onSessionExpired(() => setOpen(true)), []);
  const relogin = () => {
    clearSession();
    window.location.reload();
  };
  return (
    <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="confirm-logout-title">
      <DialogTitle id="confirm-logout-title">{translate('app.logoutDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('app.logoutDialog.content')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{translate('app.logoutDialog.cancel')}</Button>
        <Button variant="contained" onClick={relogin} autoFocus>
          {translate('app.logoutDialog.relogin')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
