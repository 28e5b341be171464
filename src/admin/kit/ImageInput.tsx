import { TextInput, type TextInputProps } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box } from '@mui/material';

/** Image URL input with a preview (uploads come later: the URL is what the API stores). */
export const ImageInput = (props: TextInputProps) => {
  const url = useWatch({ name: props.source });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, width: '100%' }}>
      <TextInput {...props} type="url" />
      {url ? <Box component="img" src={String(url)} alt="" sx={{ maxWidth: 120, maxHeight: 80, objectFit: 'contain' }} /> : null}
    </Box>
  );
};
