import type { ReactNode } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { Button } from './Button';
import { useCancelled } from './useCancelled';

/** `V`: what the form submits, a call's body as its schema states it (`ActionBody`) where the dialog makes one. */
export interface FormDialogProps<V extends object = Record<string, unknown>> {
  open: boolean;
  title: string;
  /** The form's starting values (the fields it edits, taken from the record). */
  values?: Partial<V>;
  onClose: () => void;
  /** Answers whether the call succeeded (the dialog closes then; it stays open on a refusal). */
  onSubmit: (values: V) => Promise<boolean>;
  children: ReactNode;
}

/**
 * A small form in a dialog: its inputs are the kit's schema-aware ones, so the schema's rules apply; closed without
 * confirming, it says "Operation cancelled".
 */
export const FormDialog = <V extends object = Record<string, unknown>>({
  open,
  title,
  values,
  onClose,
  onSubmit,
  children,
}: FormDialogProps<V>) => {
  const translate = useTranslate();
  const cancel = useCancelled()(onClose);
  return (
    <Dialog open={open} onClose={cancel} fullWidth maxWidth="sm">
      {/* Its own record: the page's record would override the starting values (a null refund amount). */}
      <Form
        record={values ?? {}}
        onSubmit={async (v: FieldValues) => {
          // The values its inputs (the schema's, for the fields the call takes) and starting values make.
          if (await onSubmit(v as V)) onClose();
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
