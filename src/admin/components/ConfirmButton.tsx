import { useEffect, useRef, useState, type MouseEvent, type ReactElement } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import type { ButtonProps, ConfirmProps } from 'react-admin';
import { Button } from './Button';
import { Confirm } from './Confirm';

type Options = Record<string, unknown>;

export interface ConfirmButtonProps<T> extends Pick<ConfirmProps, 'title' | 'content'> {
  label: string;
  icon: ReactElement;
  color?: ButtonProps['color'];
  /**
   * What is to be confirmed, found when the button is pressed (the rows a batch applies to); `null`: nothing, the
   * dialog stays closed (the caller said why). Without it the dialog opens at once.
   */
  prepare?: () => Promise<T | null> | T | null;
  /** Translation options of title and content (from what `prepare` found). */
  options?: (subject: T) => Options;
  /** The confirmed work. The dialog stays open, loading, until a returned promise settles or `loading` ends. */
  onConfirm: (subject: T) => Promise<unknown> | void;
  /** Work started by `onConfirm` that is tracked elsewhere (a react-admin controller's mutation). */
  loading?: boolean;
}

/**
 * A button that asks first: react-admin's button and confirmation dialog ("Operation cancelled" when not confirmed),
 * the dialog open until the work settles. Clicks do not reach a row underneath (no row click to the edit page).
 */
export function ConfirmButton<T = true>({
  label,
  icon,
  color,
  prepare,
  options,
  onConfirm,
  loading = false,
  ...confirm
}: ConfirmButtonProps<T>) {
  const [subject, setSubject] = useState<T | null>(null);
  const [running, setRunning] = useState(false);
  const wasLoading = useRef(false);
  useEffect(() => {
    if (wasLoading.current && !loading) setSubject(null);
    wasLoading.current = loading;
  }, [loading]);
  const ask = async (e: MouseEvent) => {
    e.stopPropagation();
    const found = prepare ? await prepare() : (true as T);
    if (found !== null) setSubject(found);
  };
  const translated = subject !== null && options ? options(subject) : undefined;
  const run = (e: MouseEvent) => {
    e.stopPropagation();
    const work = onConfirm(subject!);
    if (!work) return;
    setRunning(true);
    void work.finally(() => {
      setRunning(false);
      setSubject(null);
    });
  };
  return (
    <>
      <Button label={label} color={color} onClick={(e) => void ask(e)}>
        {icon}
      </Button>
      <Confirm
        {...confirm}
        isOpen={subject !== null}
        loading={loading || running}
        titleTranslateOptions={translated}
        contentTranslateOptions={translated}
        onConfirm={run}
        onClose={(e) => {
          e.stopPropagation();
          setSubject(null);
        }}
      />
    </>
  );
}

/** The red delete button that asks first: every delete, row or batch, generic or an entity's own. */
export const DeleteConfirmButton = <T = true,>(props: Omit<ConfirmButtonProps<T>, 'label' | 'icon' | 'color'>) => (
  <ConfirmButton<T> label="ra.action.delete" color="error" icon={<DeleteIcon />} {...props} />
);
