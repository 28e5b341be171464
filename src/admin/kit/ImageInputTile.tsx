import { Box, CircularProgress, IconButton, Tooltip } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';

export const TILE_SIZE = 96;

const frame = {
  position: 'relative',
  width: TILE_SIZE,
  height: TILE_SIZE,
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  overflow: 'hidden',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  bgcolor: 'action.hover',
} as const;

/** One stored picture with a remove button. */
export const ImageTile = ({ url, onRemove, disabled }: { url: string; onRemove: () => void; disabled?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box sx={frame} data-testid="image-tile">
      <Box component="img" src={url} alt="" sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
      {!disabled && (
        <Tooltip title={translate('app.upload.remove')}>
          <IconButton
            size="small"
            aria-label={translate('app.upload.remove')}
            onClick={onRemove}
            sx={{
              position: 'absolute',
              top: 2,
              right: 2,
              bgcolor: 'background.paper',
              '&:hover': { bgcolor: 'background.paper' },
            }}
          >
            <CloseIcon fontSize="inherit" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
};

/** A picture on its way up, with its progress. */
export const UploadingTile = ({ name, progress }: { name: string; progress: number }) => (
  <Box sx={frame} title={name} role="progressbar" aria-valuenow={progress} data-testid="upload-progress">
    <CircularProgress aria-hidden variant={progress > 0 ? 'determinate' : 'indeterminate'} value={progress} size={40} />
    <Box component="span" sx={{ position: 'absolute', fontSize: 11 }}>
      {progress}%
    </Box>
  </Box>
);
