import { useCallback, useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useListContext, useLocale, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { JobStatus } from '../../../generated/enums';
import type { Job } from '../../../generated/types';
import { apiBase } from '../config';
import { declaredCall, type ActionName, type ActionResource } from '../providers/actions';
import { getToken } from '../providers/session';
import { toQueryString } from '../providers/http';
import { useActionMutation } from './actionHooks';
import { JobProgress } from './JobProgress';
import { entityMeta } from './schema';

/** Past this many rows the export runs as a background job (a file to fetch once ready) instead of a stream. */
const BACKGROUND_ROWS = 20_000;

/** Saves a CSV answer as a file, reading it part by part (`onBytes`: the bytes received so far). */
async function saveCsv(url: string, onBytes: (n: number) => void) {
  const response = await fetch(url, { headers: { Authorization: getToken() ?? '' } });
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
    onBytes(size);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'export.csv';
  const href = URL.createObjectURL(new Blob(parts, { type: 'text/csv;charset=utf-8' }));
  Object.assign(document.createElement('a'), { href, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Export what the list's filters select — all of it, not one page — as the CSV the server streams
 * (`GET <path>/export`), saved as a file; the label counts the megabytes received meanwhile. (react-admin's own
 * exporter fetches at most 1,000 rows into the browser.) Past BACKGROUND_ROWS rows it is a background job
 * (`POST <path>/export/job`) followed by JobProgress, its file saved once it is ready.
 */
export const ServerExportButton = () => {
  const resource = useResourceContext() ?? '';
  const { filterValues, total } = useListContext();
  const locale = useLocale();
  const notify = useNotify();
  const translate = useTranslate();
  const [received, setReceived] = useState<number | null>(null);
  const [job, setJob] = useState<number | null>(null);
  const start = useActionMutation<Job>(resource as ActionResource, 'exportJob' as ActionName<ActionResource>, ['job']);
  const ended = useCallback(
    (ended: Job) => {
      setJob(null);
      if (ended.status === JobStatus.done) {
        const rows = (ended.result as { rows?: number } | undefined)?.rows ?? 0;
        notify('app.job.exportReady', { type: 'success', messageArgs: { smart_count: rows } });
        const file = declaredCall('job', 'download', ended.id);
        if (file)
          void saveCsv(`${apiBase}${file.path}`, () => {}).catch((e) =>
            notify((e as Error).message, { type: 'error' }),
          );
      } else if (ended.status === JobStatus.cancelled) notify('app.job.cancelled', { type: 'info' });
      else notify('app.job.failed', { type: 'error', messageArgs: { error: ended.error ?? '' } });
    },
    [notify],
  );
  const meta = entityMeta(resource);
  if (!meta?.crud.list) return null;
  const query = { ...filterValues, lang: locale === 'zh' ? 'zh' : 'en' };
  const run = async () => {
    if ((total ?? 0) > BACKGROUND_ROWS && declaredCall(resource, 'exportJob')) {
      try {
        setJob((await start.mutateAsync({ query })).id);
      } catch (e) {
        notify((e as Error).message, { type: 'error' });
      }
      return;
    }
    setReceived(0);
    try {
      await saveCsv(`${apiBase}${meta.path}/export${toQueryString(query)}`, setReceived);
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
    } finally {
      setReceived(null);
    }
  };
  const label = received === null ? 'ra.action.export' : `${(received / 1_048_576).toFixed(1)} MB`;
  return (
    <>
      <Button
        label={label}
        onClick={() => void run()}
        disabled={!total || received !== null || job !== null || start.isPending}
        data-testid="export"
      >
        <DownloadIcon />
      </Button>
      {job !== null && (
        <JobProgress id={job} title={translate('app.job.exportTitle')} onEnd={ended} onClose={() => setJob(null)} />
      )}
    </>
  );
};
