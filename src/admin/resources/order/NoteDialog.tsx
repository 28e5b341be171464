import { useState } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Button } from '../../components/Button';
import { useCancelled } from '../../components/useCancelled';

export interface NoteDialogProps {
  open: boolean;
  title: string;
  busy?: boolean;
  onClose: () => void;
  /** Answers whether the note was accepted (the dialog closes then). */
  onConfirm: (note: string) => Promise<boolean>;
}

/** Asks for an operation note (closing orders, marking one): an empty note is refused as the spec words it. */
export const NoteDialog = ({ open, title, busy, onClose, onConfirm }: NoteDialogProps) => {
  const translate = useTranslate();
  const [note, setNote] = useState('');
  const [error, setError] = useState(false);
  const close = () => {
    setNote('');
    setError(false);
    onClose();
  };
  const cancel = useCancelled()(close);
  const confirm = async () => {
    if (!note.trim()) {
      setError(true);
      return;
    }
    if (await onConfirm(note.trim())) close();
  };
  return (
    <Dialog open={open} onClose={cancel} fullWidth maxWidth="sm">
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={3}
          margin="dense"
          name="note"
          label={translate('app.order.note')}
          value={note}
          onChange={(e) => {
            setNote(e.target.value);
            setError(false);
          }}
          error={error}
          helperText={error ? translate('app.message.operationNoteEmpty') : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button label="ra.action.cancel" onClick={cancel} />
        <Button label="ra.action.confirm" variant="contained" disabled={busy} onClick={() => void confirm()} />
      </DialogActions>
    </Dialog>
  );
};
