import DOMPurify from 'dompurify';
import { Box } from '@mui/material';

/** Stored rich text is kept as it was sent: only DOMPurify's safe subset of it reaches the page (no script, no on*). */
export const safeHtml = (html: string) => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });

/** Rich text as sanitized HTML (its own chunk: DOMPurify loads with the first page that shows some). */
const SafeHtml = ({ html }: { html: string }) => (
  <Box
    sx={{ '& img': { maxWidth: '100%', height: 'auto' }, '& p': { my: 0.5 } }}
    dangerouslySetInnerHTML={{ __html: safeHtml(html) }}
  />
);

export default SafeHtml;
