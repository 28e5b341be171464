import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useLocale, useNotify, useResourceContext } from 'react-admin';
import { apiBase } from '../config';
import { getToken } from '../providers/session';
import { toQueryString } from '../providers/http';
import { entityMeta } from './schema';

/**
 * Export what the list's filters select — all of it, not one page — as the CSV the server streams
 * (`GET <path>/export`), saved as a file; the label counts the megabytes received meanwhile. (react-admin's own
 * exporter fetches at most 1,000 rows into the browser.)
 */
export const ServerExportButton = () => {
  const resource = useResourceContext() ?? '';
  const { filterValues, total } = useListContext();
  const locale = useLocale();
  const notify = useNotify();
  const [received, setReceived] = useState<number | null>(null);
  const meta = entityMeta(resource);
  if (!meta?.crud.list) return null;
  const run = async () => {
    setReceived(0);
    try {
      const query = { ...filterValues, lang: locale === 'zh' ? 'zh' : 'en' };
      const response = await fetch(`${apiBase}${meta.path}/export${toQueryString(query)}`, {
        headers: { Authorization: getToken() ?? '' },
      });
      if (!response.ok || !response.body || !/text\/csv/.test(response.headers.get('content-type') ?? '')) {
        const answer = await response.json().catch(() => null);
        throw new Error(answer?.message ?? response.statusText);
      }
      const reader = response.body.getReader();
      const parts: BlobPart[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parts.push(value);
        size += value.length;
        setReceived(size);
      }
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
      const url = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
      Object.assign(document.createElement('a'), { href: url, download: name }).click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setReceived(null);
    }
  };
  const label = received === null ? 'ra.action.export' : `${(received / 1_048_576).toFixed(1)} MB`;
  return (
    <Button label={label} onClick={() => void run()} disabled={!total || received !== null} data-testid="export">
      <DownloadIcon />
    </Button>
  );
};
