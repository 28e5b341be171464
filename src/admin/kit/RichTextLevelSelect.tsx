import { useId, useState } from 'react';
import { Button, Menu, MenuItem } from '@mui/material';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { useEditorState } from '@tiptap/react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
// The heading and paragraph commands' types (the editor has the starter kit's extensions).
import type {} from '@tiptap/starter-kit';

const LEVELS = [0, 1, 2, 3, 4, 5, 6] as const;
type Level = (typeof LEVELS)[number];
const levelKey = (level: Level) => (level ? `ra.tiptap.heading${level}` : 'ra.tiptap.paragraph');

/**
 * The paragraph/heading picker of the rich-text toolbar. ra-input-rich-text's own puts a list item in a `nav` (no
 * list) and names its button "Current level" while it shows "Normal" (WCAG 2.5.3): a plain menu button instead,
 * whose name holds the level it shows.
 */
export const RichTextLevelSelect = () => {
  const translate = useTranslate();
  const editor = useTiptapEditor();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = useEditorState({
    editor,
    selector: ({ editor: e }): Level => LEVELS.find((l) => l > 0 && e?.isActive('heading', { level: l })) ?? 0,
  });
  const pick = (level: Level) => {
    setAnchor(null);
    if (level) editor.chain().focus().setHeading({ level }).run();
    else editor.chain().focus().setParagraph().run();
  };
  const text = translate(levelKey(current));
  return (
    <>
      <Button
        color="inherit"
        size="small"
        endIcon={<ArrowDropDownIcon />}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={!!anchor}
        aria-label={translate('ra.tiptap.level_now', { level: text })}
        disabled={!editor?.isEditable}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ textTransform: 'none', minWidth: 120, justifyContent: 'space-between' }}
      >
        {text}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {LEVELS.map((level) => (
          <MenuItem key={level} selected={level === current} onClick={() => pick(level)}>
            {translate(levelKey(level))}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
