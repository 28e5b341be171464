import { Box } from '@mui/material';
import { useResourceContext, useTranslate } from 'react-admin';
import { ToggleField, type ToggleFieldProps } from './ToggleField';

/** A row switch with its column title beside it: on a phone row there is no column header to say what it is. */
export const LabeledToggle = (props: ToggleFieldProps) => {
  const translate = useTranslate();
  const resource = useResourceContext();
  const label = typeof props.label === 'string' ? props.label : `resources.${resource}.fields.${props.source}`;
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', whiteSpace: 'nowrap' }}>
      <ToggleField {...props} />
      {translate(label)}
    </Box>
  );
};
