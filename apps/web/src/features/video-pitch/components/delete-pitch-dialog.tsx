import { useId } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { toast } from '@/components/ui/toast';
import { useDeleteVideoPitch } from '../api/delete-video-pitch';
import type { VideoPitch } from '../api/get-video-pitches';
import { videoPitchText } from '../constants';
import { serverMessage } from '../utils/error-text';

/** The uploader confirms before the file is removed for good (the record stays as Deleted). */
export function DeletePitchDialog({ pitch, onClose }: { pitch: VideoPitch | null; onClose: () => void }) {
  const remove = useDeleteVideoPitch();
  const titleId = useId();
  const textId = useId();
  const confirm = () => {
    if (!pitch) return;
    remove.mutate(pitch.id, {
      onSuccess: () => {
        toast.success(videoPitchText.deleted);
        onClose();
      },
      onError: (error) => toast.error(videoPitchText.deleteFailed, serverMessage(error)),
    });
  };
  return (
    <Dialog
      open={pitch !== null}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{videoPitchText.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{videoPitchText.deleteConfirm}</DialogContentText>
        {pitch ? (
          <DialogContentText sx={{ mt: 1, fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {pitch.file_name} for {pitch.domain_name}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={remove.isPending} sx={{ bgcolor: 'error.dark' }}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
