import { HttpError } from 'react-admin';
import { ResultCode, type Envelope } from '../../shared/envelope';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { actions } from '../../../generated/actions';
import { apiBase } from '../config';
import { messageToKey } from '../providers/http';
import { getToken } from '../providers/session';
import { signalSessionExpired } from '../providers/sessionExpired';

export interface Uploaded {
  url: string;
  name: string;
}

/**
 * Upstream's upload call (multipart field `file` → `{url, name}`), one file with progress (fetch cannot report upload
 * progress, XMLHttpRequest can). Errors are thrown as HttpError carrying an i18n key or the server's message, like
 * every other API call.
 */
export const uploadFile = (file: File, onProgress?: (percent: number) => void): Promise<Uploaded> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(actions.admin.upload.method, `${apiBase}${actions.admin.upload.path}`);
    xhr.timeout = REQUEST_TIMEOUT_MS * 4; // a 10 MB picture on a slow line takes longer than a JSON call
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', token);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress?.(Math.round((e.loaded / e.total) * 100));
    xhr.onerror = () => reject(new HttpError('app.error.network', 0));
    xhr.ontimeout = () => reject(new HttpError('app.error.timeout', 0));
    xhr.onload = () => {
      let envelope: Envelope<Uploaded> | null = null;
      try {
        envelope = JSON.parse(xhr.responseText) as Envelope<Uploaded>;
      } catch {
        /* not JSON: reported below */
      }
      if (!envelope || typeof envelope.code !== 'number')
        return reject(new HttpError('app.error.badResponse', xhr.status));
      if (envelope.code === ResultCode.UNAUTHORIZED) signalSessionExpired();
      if (envelope.code !== ResultCode.SUCCESS)
        return reject(new HttpError(messageToKey(envelope.message), envelope.code));
      resolve(envelope.data);
    };
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
