import { lazy, Suspense } from 'react';
import { LinearProgress } from '@mui/material';
import type { RichTextInputProps } from 'ra-input-rich-text';

// The TipTap editor is most of a megabyte: loaded with the first form that has a rich-text field, not with the kit
// every list imports.
const Editor = lazy(() => import('./RichTextEditor'));

/** The PC and mobile detail editor: react-admin's TipTap-based rich-text input, full width. */
export const RichTextInput = (props: RichTextInputProps) => (
  <Suspense fallback={<LinearProgress sx={{ my: 2 }} />}>
    <Editor fullWidth {...props} />
  </Suspense>
);
