import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { Button, useDataProvider, useListContext, useLocale, useNotify, useResourceContext } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { entityMeta } from './schema';
import { exportable } from '../../shared/list-meta';

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
  const dataProvider = useDataProvider<AppDataProvider>();
  const [received, setReceived] = useState<number | null>(null);
  const meta = entityMeta(resource);
  if (!meta || !exportable(meta)) return null;
  const run = async () => {
    setReceived(0);
    try {
      const query = { ...filterValues, lang: locale === 'zh' ? 'zh' : 'en' };
      const { blob, name } = await dataProvider.exportCsv(resource, query, setReceived);
      const url = URL.createObjectURL(blob);
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
