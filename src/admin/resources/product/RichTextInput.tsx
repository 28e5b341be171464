import { TextInput, type TextInputProps } from 'react-admin';

/**
 * The HTML detail editor behind one component, so a real rich-text editor (ra-input-rich-text) replaces this file
 * only. Until that package is installed it edits the HTML source as text.
 */
export const RichTextInput = (props: TextInputProps) => <TextInput multiline minRows={6} fullWidth {...props} />;
