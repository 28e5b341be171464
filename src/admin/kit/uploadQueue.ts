import { useCallback, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { uploadFile } from './uploadFile';

export interface UploadItem {
  key: number;
  name: string;
  progress: number;
}

let nextKey = 1;

/**
 * Files being uploaded by one input: their progress for display, a live count for the "wait for uploads" rule
 * (a ref, so validators read the current value), and `onDone(url)` called as each one lands.
 */
export function useUploadQueue(onDone: (url: string) => void) {
  const notify = useNotify();
  const [items, setItems] = useState<UploadItem[]>([]);
  const pending = useRef(0);
  const done = useRef(onDone);
  done.current = onDone;

  const start = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const key = nextKey++;
        pending.current += 1;
        setItems((list) => [...list, { key, name: file.name, progress: 0 }]);
        const setProgress = (progress: number) =>
          setItems((list) => list.map((it) => (it.key === key ? { ...it, progress } : it)));
        uploadFile(file, setProgress)
          .then(({ url }) => {
            pending.current -= 1;
            done.current(url);
          })
          .catch((e: Error) => {
            pending.current -= 1;
            notify(e.message, { type: 'error' });
          })
          .finally(() => setItems((list) => list.filter((it) => it.key !== key)));
      }
    },
    [notify],
  );

  return { items, pending, start };
}
