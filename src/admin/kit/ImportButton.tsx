import { useCallback, useRef, useState } from 'react';
import UploadIcon from '@mui/icons-material/Publish';
import {
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useNotify, useResourceContext, useTranslate } from 'react-admin';
import { Button } from '../components/Button';
import { JobStatus } from '../../../generated/enums';
import type { Job } from '../../../generated/types';
import { declaredCall } from '../providers/actions';
import type { AppDataProvider } from '../providers/dataProvider';
import { JobProgress } from './JobProgress';
import { entityMeta } from './schema';

interface Report {
  imported: number;
  refused: { row: number; errors: Record<string, string> }[];
}

type State =
  | { step: 'idle' }
  | { step: 'sending'; sent: number }
  | { step: 'checking' }
  | { step: 'job'; id: number }
  | { step: 'refused'; message: string; report: Report };

/**
 * `x-admin.import`: a CSV file (a header of field names or labels, as the export writes them) sent to
 * `POST <path>/import/job` with a progress bar while it uploads; the server imports it as a background job, whose
 * progress shows while it checks every row (JobProgress). A refusal lists the rows and why, and nothing is stored.
 */
export const ImportButton = () => {
  const resource = useResourceContext() ?? '';
  const meta = entityMeta(resource);
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const { canAccess } = useCanAccess({ action: 'create', resource });
  const ended = useCallback(
    (job: Job) => {
      const report = job.result as Report | undefined;
      if (job.status === JobStatus.done) {
        notify('app.import.done', { type: 'success', messageArgs: { smart_count: report?.imported ?? 0 } });
        void queryClient.invalidateQueries({ queryKey: [resource] });
      } else if (job.status === JobStatus.cancelled) notify('app.job.cancelled', { type: 'info' });
      else if (report?.refused?.length) {
        setState({ step: 'refused', message: job.error ?? '', report });
        return;
      } else notify('app.job.failed', { type: 'error', messageArgs: { error: job.error ?? '' } });
      setState({ step: 'idle' });
    },
    [notify, queryClient, resource],
  );
  const call = declaredCall(resource, 'importJob');
  if (!meta?.import || !call || canAccess !== true) return null;
  const send = async (file: File) => {
    setState({ step: 'sending', sent: 0 });
    try {
      const job = await dataProvider.importJob(
        resource,
        file,
        (sent) => setState({ step: 'sending', sent }),
        () => setState({ step: 'checking' }),
      );
      setState({ step: 'job', id: job.id });
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      setState({ step: 'idle' });
    }
  };
  const label = (field: string) => translate(`resources.${resource}.fields.${field}`, { _: field });
  return (
    <>
      <Button label="app.import.button" onClick={() => input.current?.click()} disabled={state.step !== 'idle'}>
        <UploadIcon />
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <Dialog open={state.step === 'sending' || state.step === 'checking'} fullWidth maxWidth="xs">
        <DialogTitle>{translate('app.import.title')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate(state.step === 'sending' ? 'app.import.sending' : 'app.import.checking')}
          </Typography>
          {state.step === 'sending' ? (
            <LinearProgress variant="determinate" value={Math.round(state.sent * 100)} data-testid="import-progress" />
          ) : (
            <LinearProgress data-testid="import-progress" />
          )}
        </DialogContent>
      </Dialog>
      {state.step === 'job' && (
        <JobProgress
          id={state.id}
          title={translate('app.import.title')}
          onEnd={ended}
          onClose={() => setState({ step: 'idle' })}
        />
      )}
      <Dialog open={state.step === 'refused'} onClose={() => setState({ step: 'idle' })} fullWidth maxWidth="sm">
        <DialogTitle>{translate('app.import.refusedTitle')}</DialogTitle>
        <DialogContent>
          {state.step === 'refused' && (
            <Box>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {state.message}
              </Typography>
              <Table size="small" data-testid="import-report">
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('app.import.row')}</TableCell>
                    <TableCell>{translate('app.import.why')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {state.report.refused.map((r) => (
                    <TableRow key={r.row}>
                      <TableCell>{r.row}</TableCell>
                      <TableCell>
                        {Object.entries(r.errors)
                          .map(([f, why]) => `${label(f)}: ${why}`)
                          .join('; ')}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button label="ra.action.close" onClick={() => setState({ step: 'idle' })} />
        </DialogActions>
      </Dialog>
    </>
  );
};
