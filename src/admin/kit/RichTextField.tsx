import { lazy, Suspense } from 'react';
import { useFieldValue, type FieldProps } from 'react-admin';

const SafeHtml = lazy(() => import('./SafeHtml'));

/**
 * The words of rich text, read in an inert document (DOMParser runs no script and loads no image) and shown as
 * text: a list's excerpt needs no sanitizer.
 */
const wordsOf = (html: string) =>
  (new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A rich-text field: its sanitized HTML on a show page, its words only (`excerpt`, ~120 characters) in a list. */
export const RichTextField = ({ excerpt = false, ...props }: FieldProps & { excerpt?: boolean }) => {
  const value = useFieldValue(props);
  if (!value) return null;
  if (excerpt) {
    const words = wordsOf(String(value));
    return <span>{words.length > 120 ? `${words.slice(0, 120)}…` : words}</span>;
  }
  return (
    <Suspense fallback={null}>
      <SafeHtml html={String(value)} />
    </Suspense>
  );
};
