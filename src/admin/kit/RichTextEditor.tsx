import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInput,
  RichTextInputToolbar,
  type RichTextInputProps,
} from 'ra-input-rich-text';
import { RichTextLevelSelect } from './RichTextLevelSelect';

/** react-admin's rich-text input with its default toolbar, but an accessible level picker (RichTextLevelSelect). */
const RichTextEditor = (props: RichTextInputProps) => (
  <RichTextInput
    toolbar={
      <RichTextInputToolbar>
        <RichTextLevelSelect />
        <FormatButtons />
        <ColorButtons />
        <AlignmentButtons />
        <ListButtons />
        <LinkButtons />
        <ImageButtons />
        <QuoteButtons />
        <ClearButtons />
      </RichTextInputToolbar>
    }
    {...props}
  />
);

export default RichTextEditor;
