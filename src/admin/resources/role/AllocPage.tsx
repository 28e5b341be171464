import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, CardContent, CircularProgress, Typography, Stack } from '@mui/material';
import { Title, useGetOne, useNotify, useTranslate } from 'react-admin';
import type { CheckNode } from './checkTree';
import { CheckTree } from './CheckTree';
import { seedText } from '../../i18n/seedText';

export interface AllocSource {
  /** The check-box tree and the leaves the role has now. */
  load: () => Promise<{ nodes: CheckNode[]; checked: Set<string> }>;
  save: (nodes: CheckNode[], checked: ReadonlySet<string>) => Promise<unknown>;
}

interface Props {
  kind: 'menu' | 'resource';
  source: (roleId: number) => AllocSource;
  wrapLeaves?: boolean;
}

/** /ums/alloc<Kind>?roleId=: what the role has, as check boxes, saved in one call. */
export const AllocPage = ({ kind, source, wrapLeaves }: Props) => {
  const translate = useTranslate();
  const roleId = Number(useSearchParams()[0].get('roleId'));
  const valid = Number.isInteger(roleId) && roleId > 0;
  const { data: role } = useGetOne('role', { id: roleId }, { enabled: valid });
  const { data, error, isPending } = useQuery({
    queryKey: ['alloc', kind, roleId],
    queryFn: () => source(roleId).load(),
    enabled: valid,
    gcTime: 0,
  });
  const [choice, setChoice] = useState<Set<string> | null>(null);
  const [saving, setSaving] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();

  const save = async () => {
    if (!data) return;
    setSaving(true);
    try {
      await source(roleId).save(data.nodes, choice ?? data.checked);
      notify('app.message.updateSuccess', { type: 'success' });
      void navigate('/role');
    } catch (e) {
      notify((e as Error).message, { type: 'error' });
      setSaving(false);
    }
  };

  const title = translate(`app.access.alloc.${kind}Title`, { name: seedText(role?.name, 'role') });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {!valid ? (
          <Alert severity="warning">{translate('app.access.alloc.noRole')}</Alert>
        ) : error ? (
          <Alert severity="error">{translate(error.message, { _: error.message })}</Alert>
        ) : isPending ? (
          <CircularProgress size={28} />
        ) : (
          // No scroll box of its own: the page scrolls the whole tree.
          <CheckTree nodes={data.nodes} checked={choice ?? data.checked} onChange={setChoice} wrapLeaves={wrapLeaves} />
        )}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => void save()} disabled={!data || saving}>
            {translate('ra.action.save')}
          </Button>
          <Button component={RouterLink} to="/role">
            {translate('ra.action.cancel')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};
