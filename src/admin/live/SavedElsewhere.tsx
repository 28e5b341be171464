import { useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useEditContext, useResourceContext, useTranslate } from 'react-admin';
import { VERSION_FIELD } from '../../shared/entity-meta';
import type { ChangeEvent, GoneEvent } from '../../shared/live-changes';
import { watch, type Watch } from './changeStream';
import { ownWrite } from './ownWrites';

/**
 * An edit form's notice, as soon as the change stream tells it, that the record was saved elsewhere since the form
 * loaded it (a newer version: the save would be refused as stale) or deleted, with Reload. Inside the Edit's context.
 */
export const SavedElsewhere = () => {
  const resource = useResourceContext() ?? '';
  const translate = useTranslate();
  const { record, refetch } = useEditContext();
  const [newer, setNewer] = useState<number | null>(null);
  const [gone, setGone] = useState(false);
  const id = record?.id;
  const version = record?.[VERSION_FIELD] as number | undefined;
  const loaded = useRef(version);
  loaded.current = version;

  useEffect(() => {
    if (id === undefined || id === null || version === undefined || version === null) return;
    const me: Watch = {
      rows: [{ entity: resource, id: Number(id), version: Number(version) }],
      since: {},
      listener: (event, payload) => {
        const p = payload as ChangeEvent | GoneEvent;
        if (p?.entity !== resource || String(p.id) !== String(id) || ownWrite(resource, id)) return;
        if (event === 'change') {
          const v = (p as ChangeEvent).version;
          if (v !== null && v > Number(loaded.current)) setNewer(v);
        } else if (event === 'gone') setGone(true);
      },
    };
    return watch(me);
  }, [resource, id, version]);

  const stale = gone || (newer !== null && newer > Number(version));
  if (!stale) return null;
  const reload = async () => {
    setGone(false);
    await refetch?.();
  };
  return (
    <Alert
      severity="warning"
      className="saved-elsewhere"
      sx={{ m: 2, mb: 0 }}
      action={
        !gone && (
          <Button color="inherit" size="small" onClick={() => void reload()}>
            {translate('app.live.reload')}
          </Button>
        )
      }
    >
      {translate(gone ? 'app.live.deletedElsewhere' : 'app.live.savedElsewhere')}
    </Alert>
  );
};
