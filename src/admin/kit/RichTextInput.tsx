import { RichTextInput as RaRichTextInput, type RichTextInputProps } from 'ra-input-rich-text';

/** The PC and mobile detail editor: react-admin's TipTap-based rich-text input, full width. */
export const RichTextInput = (props: RichTextInputProps) => <RaRichTextInput fullWidth {...props} />;
