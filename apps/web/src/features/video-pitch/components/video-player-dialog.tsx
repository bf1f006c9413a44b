import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { VideoPitch } from '../api/get-video-pitches';
import type { ReviewAction } from '../api/review-video-pitch';
import { useVideoUrl } from '../api/get-video-url';
import { videoPitchText } from '../constants';
import { errorText } from '@/lib/error-text';
import { formatBytes } from '../utils/video-file';
import { PitchStatusChip, roleLabel } from './pitch-status-chip';
import { canReview, ReviewButtons } from './video-pitch-table';

interface VideoPlayerDialogProps {
  pitch: VideoPitch | null;
  onClose: () => void;
  /** The seller can decide right after watching. */
  onReview?: (pitch: VideoPitch, action: ReviewAction) => void;
  reviewing?: boolean;
}

/** The player itself: asks get_video for a fresh signed URL, then lets the browser stream it (ranges). */
function Player({ pitch }: { pitch: VideoPitch }) {
  const url = useVideoUrl(pitch.id);
  const [failed, setFailed] = useState(false);
  const name = `Video pitch ${pitch.file_name} for ${pitch.domain_name}`;

  if (url.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', aspectRatio: '16 / 9', bgcolor: 'grey.100', borderRadius: 1 }}>
        <CircularProgress aria-label="Loading video" />
      </Box>
    );
  }
  if (url.isError) {
    return (
      <Alert severity="error" action={<Button color="inherit" size="small" onClick={() => void url.refetch()}>Try again</Button>}>
        {videoPitchText.playFailed} {errorText(url.error)}
      </Alert>
    );
  }
  return (
    <>
      <Box
        component="video"
        controls
        playsInline
        preload="metadata"
        src={url.data}
        title={name}
        aria-label={name}
        onError={() => setFailed(true)}
        sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1 }}
      />
      {failed ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {videoPitchText.playFailed} Your browser may not support this video format; MP4 and WebM play everywhere.
        </Alert>
      ) : null}
    </>
  );
}

/** The video player modal, opened from a pitch row. */
export function VideoPlayerDialog({ pitch, onClose, onReview, reviewing = false }: VideoPlayerDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={pitch !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={fullScreen}>
      {pitch ? (
        <>
          <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
            Video pitch for {pitch.domain_name}
          </DialogTitle>
          <DialogContent>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {pitch.file_name} ({formatBytes(pitch.size)}) · {roleLabel(pitch.role)}
              </Typography>
              <PitchStatusChip status={pitch.status} label={pitch.status_label} />
            </Box>
            <Player key={pitch.id} pitch={pitch} />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
            {onReview && canReview(pitch) ? <ReviewButtons pitch={pitch} onReview={onReview} busy={reviewing} /> : null}
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}
