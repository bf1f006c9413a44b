import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useVideoUrl } from '@/features/video-pitch';
import type { AdminVideo } from '../api/get-admin-videos';
import { adminText } from '../utils/constants';
import { failureMessage } from '../utils/format';

/** The video player modal: fetches a fresh signed URL and plays it. */
export function VideoPlayerDialog({ video, onClose }: { video: AdminVideo; onClose: () => void }) {
  const titleId = useId();
  const { data: url, error, isError, isPending } = useVideoUrl(video.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md">
      <DialogTitle id={titleId}>Video pitch for {video.domain_name}</DialogTitle>
      <DialogContent>
        {isError ? (
          <Alert severity="error">
            {adminText.videoPlayFailed} {failureMessage(error)}
          </Alert>
        ) : isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading the video" />
          </Box>
        ) : (
          <Box
            component="video"
            src={url}
            controls
            autoPlay
            playsInline
            aria-label={`Video pitch ${video.file_name}`}
            data-testid="video-player"
            sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
