import { useFieldValue, type FieldProps } from 'react-admin';
import { Box } from '@mui/material';

/** Thumbnail of an image URL field. */
export const ImageField = ({ size = 48, ...props }: FieldProps & { size?: number }) => {
  const src = useFieldValue(props);
  if (!src) return null;
  return <Box component="img" src={String(src)} alt="" sx={{ width: size, height: size, objectFit: 'contain' }} />;
};
