import type { ReactNode } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { Button } from './Button';
import { useCancelled } from './useCancelled';

export interface FormDialogProps {
  open: boolean;
  title: string;
  /** The form's starting values (the fields it edits, taken from the record). */
  values?: Record<string, unknown>;
  onClose: () => void;
  /** Answers whether the call succeeded (the dialog closes then; it stays open on a refusal). */
  onSubmit: (values: Record<string, unknown>) => Promise<boolean>;
  children: ReactNode;
}

/**
 * A small form in a dialog: its inputs are the kit's schema-aware ones, so the schema's rules apply; closed without
 * confirming, it says "Operation cancelled".
 */
export const FormDialog = ({ open, title, values, onClose, onSubmit, children }: FormDialogProps) => {
  const translate = useTranslate();
  const cancel = useCancelled()(onClose);
  return (
    <Dialog open={open} onClose={cancel} fullWidth maxWidth="sm">
      {/* Its own record: the page's record would override the starting values (a null refund amount). */}
      <Form
        record={values ?? {}}
        onSubmit={async (v: FieldValues) => {
          if (await onSubmit(v)) onClose();
        }}
      >
        <DialogTitle>{translate(title)}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button label="ra.action.cancel" onClick={cancel} />
          <SaveButton label="ra.action.confirm" icon={<span />} />
        </DialogActions>
      </Form>
    </Dialog>
  );
};
