import { useCallback, useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { useDataProvider, useListContext, useLocale, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { Button } from '../components/Button';
import { JobStatus } from '../../../generated/enums';
import type { Job } from '../../../generated/types';
import type { AppDataProvider } from '../providers/dataProvider';
import { declaredCall, type ActionName, type ActionResource } from '../providers/actions';
import { useActionMutation } from './actionHooks';
import { JobProgress } from './JobProgress';
import { entityMeta } from './schema';
import { exportable } from '../../shared/list-meta';

/** Past this many rows the export runs as a background job (a file to fetch once ready) instead of a stream. */
const BACKGROUND_ROWS = 20_000;

/** Hands a downloaded file to the browser's downloads. */
function saveFile({ blob, name }: { blob: Blob; name: string }) {
  const href = URL.createObjectURL(blob);
  Object.assign(document.createElement('a'), { href, download: name }).click();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/**
 * Export what the list's filters select — all of it, not one page — as the CSV the server streams
 * (`GET <path>/export`), saved as a file; the label counts the megabytes received meanwhile. (react-admin's own
 * exporter fetches at most 1,000 rows into the browser.) A large list exports as a background job instead, with its
 * progress shown and the file saved once ready.
 */
export const ServerExportButton = () => {
  const resource = useResourceContext() ?? '';
  const { filterValues, total } = useListContext();
  const locale = useLocale();
  const notify = useNotify();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [received, setReceived] = useState<number | null>(null);
  const [job, setJob] = useState<number | null>(null);
  const start = useActionMutation<Job>(resource as ActionResource, 'exportJob' as ActionName<ActionResource>, ['job']);
  const ended = useCallback(
    (ended: Job) => {
      setJob(null);
      if (ended.status === JobStatus.done) {
        const rows = (ended.result as { rows?: number } | undefined)?.rows ?? 0;
        notify('app.job.exportReady', { type: 'success', messageArgs: { smart_count: rows } });
        dataProvider
          .jobFile(ended.id, () => {})
          .then(saveFile)
          .catch((e: Error) => notify(e.message, { type: 'error' }));
      } else if (ended.status === JobStatus.cancelled) notify('app.job.cancelled', { type: 'info' });
      else notify('app.job.failed', { type: 'error', messageArgs: { error: ended.error ?? '' } });
    },
    [notify, dataProvider],
  );
  const meta = entityMeta(resource);
  if (!meta || !exportable(meta)) return null;
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
      saveFile(await dataProvider.exportCsv(resource, query, setReceived));
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
