import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '../../shared/constants';

/** Images kept per field unless the field says otherwise (upstream's multi-upload keeps 5). */
export const DEFAULT_MAX_IMAGES = 5;

/** The file input's accept list: jpg/png only (spec §5). */
export const ACCEPT_IMAGES = UPLOAD_TYPES.join(',');

/**
 * Why a picked file cannot be uploaded (an i18n key), or null. A first filter only: the server checks the content
 * itself (magic bytes), so a renamed file is refused there too.
 */
export const uploadProblem = (file: Pick<File, 'type' | 'size'>): string | null => {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return 'app.upload.badType';
  if (file.size > UPLOAD_MAX_BYTES) return 'app.upload.tooLarge';
  return null;
};

/** A stored comma-joined image list as URLs (the upstream `albumPics` encoding). */
export const splitImages = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.map(String).filter(Boolean)
    : typeof value === 'string' && value
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [];

export const joinImages = (urls: string[]) => urls.join(',');
