import { useEffect, useRef } from 'react';
import { Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { Link, useCreatePath, useTranslate } from 'react-admin';
import { Button } from '../components/Button';
import { JobKind, JobStatus } from '../../../generated/enums';
import type { Job } from '../../../generated/types';
import { useActionMutation, useActionQuery } from './actionHooks';

const ENDED: number[] = [JobStatus.done, JobStatus.failed, JobStatus.cancelled];
export const jobEnded = (job: Job | undefined): job is Job => job?.status !== undefined && ENDED.includes(job.status);
/**
 * An import storing its rows (every row checked: `done` reached `total`): the server completes it, all or none, and
 * refuses a cancel.
 */
export const jobStoring = (job: Job | undefined): boolean =>
  job?.kind === JobKind.import &&
  !ENDED.includes(job.status ?? -1) &&
  job.total !== undefined &&
  job.total !== null &&
  (job.done ?? 0) >= job.total;

/**
 * A background import or export (`GET /job/{id}`, polled until it ends), as a dialog: its progress bar, a cancel
 * button (off once an import stores its rows), and a link to the list of jobs. Closing it leaves the job running; `onEnd` is told the ended job once.
 */
export const JobProgress = ({
  id,
  title,
  onEnd,
  onClose,
}: {
  id: number;
  title: string;
  onEnd: (job: Job) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const createPath = useCreatePath();
  const { data: job } = useActionQuery<Job>(
    'job',
    'job',
    { id },
    { refetchInterval: (q) => (jobEnded(q.state.data) ? false : 500) },
  );
  const cancel = useActionMutation<Job>('job', 'cancel');
  const told = useRef(false);
  useEffect(() => {
    if (jobEnded(job) && !told.current) {
      told.current = true;
      onEnd(job);
    }
  }, [job, onEnd]);
  const done = job?.done ?? 0;
  const total = job?.total;
  const text =
    !job || job.status === JobStatus.queued
      ? translate('app.job.queued')
      : jobStoring(job)
        ? translate('app.job.storing')
        : total !== undefined && total !== null
          ? translate('app.job.progress', { done, total })
          : translate('app.job.rows', { done });
  return (
    <Dialog open fullWidth maxWidth="xs">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {text}
        </Typography>
        {total ? (
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.round((100 * done) / total))}
            data-testid="job-progress"
          />
        ) : (
          <LinearProgress data-testid="job-progress" />
        )}
        <Typography variant="caption" component="p" sx={{ mt: 2 }}>
          {translate('app.job.background')}{' '}
          <Link to={createPath({ resource: 'job', type: 'list' })}>{translate('app.job.all')}</Link>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button
          label="app.job.cancel"
          onClick={() => cancel.mutate({ id })}
          disabled={cancel.isPending || jobEnded(job) || jobStoring(job)}
        />
        <Button label="ra.action.close" onClick={onClose} />
      </DialogActions>
    </Dialog>
  );
};
