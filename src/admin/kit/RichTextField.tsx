import DOMPurify from 'dompurify';
import { Box } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';

/** Stored rich text is kept as it was sent: only DOMPurify's safe subset of it reaches the page (no script, no on*). */
export const safeHtml = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/** A rich-text field: its sanitized HTML on a show page, its words only (`excerpt`, ~120 characters) in a list. */
export const RichTextField = ({ excerpt = false, ...props }: FieldProps & { excerpt?: boolean }) => {
  const value = useFieldValue(props);
  if (!value) return null;
  if (excerpt) {
    const words = DOMPurify.sanitize(String(value), { ALLOWED_TAGS: [], KEEP_CONTENT: true }).replace(/\s+/g, ' ');
    return <span>{words.length > 120 ? `${words.slice(0, 120)}…` : words}</span>;
  }
  return (
    <Box
      sx={{ '& img': { maxWidth: '100%', height: 'auto' }, '& p': { my: 0.5 } }}
      dangerouslySetInnerHTML={{ __html: safeHtml(String(value)) }}
    />
  );
};
