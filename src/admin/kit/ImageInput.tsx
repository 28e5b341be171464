import { useCallback, useEffect, useRef, type ChangeEvent } from 'react';
import {
  FieldTitle,
  InputHelperText,
  useInput,
  useNotify,
  useResourceContext,
  useTranslate,
  type InputProps,
  type Validator,
} from 'react-admin';
import { useFormContext, useFormState } from 'react-hook-form';
import { Box, Button, FormControl, FormHelperText, FormLabel } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { entities } from '../../../generated/admin/entities';
import { ImageTile, TILE_SIZE, UploadingTile } from './ImageInputTile';
import { useUploadQueue } from './uploadQueue';
import { ACCEPT_IMAGES, DEFAULT_MAX_IMAGES, joinImages, splitImages, uploadProblem } from './uploadRules';

export type ImageInputProps = InputProps & {
  /** Several pictures, stored comma-joined; defaults to the schema's `images` input kind. */
  multiple?: boolean;
  maxCount?: number;
  fullWidth?: boolean;
};

const isImagesField = (resource: string, source: string) =>
  entities[resource]?.fields.find((f) => f.name === source)?.input === 'images';

const asArray = (v: Validator | Validator[] | undefined) => (v ? (Array.isArray(v) ? v : [v]) : []);

/**
 * Picture input backed by real uploads (POST /minio/upload): jpg/png only, ≤ 10 MB, at most `maxCount`, progress
 * per file. While a file is uploading the field is invalid with the spec's "wait for uploads" message, so no form
 * saves before its pictures have landed.
 */
export const ImageInput = ({
  multiple: multipleProp,
  maxCount: maxProp,
  fullWidth: _fw,
  ...props
}: ImageInputProps) => {
  const resource = useResourceContext(props) ?? '';
  const multiple = multipleProp ?? isImagesField(resource, props.source);
  const maxCount = maxProp ?? (multiple ? DEFAULT_MAX_IMAGES : 1);
  const translate = useTranslate();
  const notify = useNotify();
  const { getValues, setValue } = useFormContext();
  const name = useRef(props.source);
  const queue = useUploadQueue((url) => {
    const next = multiple ? joinImages([...splitImages(getValues(name.current)), url]) : url;
    setValue(name.current, next, { shouldDirty: true, shouldValidate: true });
  });
  const { pending } = queue;
  const waitForUploads = useCallback(() => (pending.current > 0 ? 'app.message.waitUploads' : undefined), [pending]);
  const { field, fieldState, isRequired, id } = useInput({
    ...props,
    validate: [...asArray(props.validate), waitForUploads],
  });
  name.current = field.name;
  const urls = multiple ? splitImages(field.value) : field.value ? [String(field.value)] : [];

  // A save attempted mid-upload also gets the message as a toast, not only under the input.
  const { submitCount } = useFormState();
  useEffect(() => {
    if (submitCount > 0 && pending.current > 0) notify('app.message.waitUploads', { type: 'warning' });
  }, [submitCount, pending, notify]);

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = ''; // the same file may be picked again later
    const bad = files.map(uploadProblem).find(Boolean);
    if (bad) notify(bad, { type: 'error', messageArgs: { maxCount } });
    const good = files.filter((f) => !uploadProblem(f));
    const room = multiple ? maxCount - urls.length - queue.items.length : 1 - queue.items.length;
    if (good.length > room) notify('app.upload.maxCount', { type: 'error', messageArgs: { maxCount } });
    queue.start(good.slice(0, Math.max(room, 0)));
  };
  const remove = (url: string) => field.onChange(multiple ? joinImages(urls.filter((u) => u !== url)) : null);
  const full = multiple ? urls.length + queue.items.length >= maxCount : queue.items.length > 0;
  const locked = props.disabled || props.readOnly;

  return (
    <FormControl
      error={fieldState.invalid}
      sx={{ mb: 2, width: '100%' }}
      className="ra-input"
      data-source={props.source}
    >
      <FormLabel sx={{ fontSize: '0.8rem', mb: 0.5 }}>
        <FieldTitle label={props.label} source={props.source} resource={resource} isRequired={isRequired} />
      </FormLabel>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {urls.map((url) => (
          <ImageTile key={url} url={url} onRemove={() => remove(url)} disabled={locked} />
        ))}
        {queue.items.map((it) => (
          <UploadingTile key={it.key} name={it.name} progress={it.progress} />
        ))}
        {!locked && !full && (
          <Button
            component="label"
            variant="outlined"
            sx={{ width: TILE_SIZE, height: TILE_SIZE, flexDirection: 'column', fontSize: 12 }}
          >
            <AddPhotoAlternateIcon />
            {translate('app.upload.pick')}
            <input id={id} hidden type="file" accept={ACCEPT_IMAGES} multiple={multiple} onChange={onPick} />
          </Button>
        )}
      </Box>
      <FormHelperText>
        <InputHelperText
          error={fieldState.error?.message}
          helperText={props.helperText ?? translate(multiple ? 'app.upload.hint' : 'app.upload.hintOne', { maxCount })}
        />
      </FormHelperText>
    </FormControl>
  );
};
