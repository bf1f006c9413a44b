import DialogContentText from '@mui/material/DialogContentText';
import { ConfirmDialog, ConfirmSubject } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useDeleteVideoPitch } from '../api/delete-video-pitch';
import type { VideoPitch } from '../api/get-video-pitches';
import { videoPitchText } from '../constants';
import { serverMessage } from '@/lib/error-text';

/** The uploader confirms before the file is removed for good (the record stays as Deleted). */
export function DeletePitchDialog({ pitch, onClose }: { pitch: VideoPitch | null; onClose: () => void }) {
  const remove = useDeleteVideoPitch();
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
    <ConfirmDialog
      open={pitch !== null}
      title={videoPitchText.deleteTitle}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <DialogContentText>{videoPitchText.deleteConfirm}</DialogContentText>
      {pitch ? (
        <ConfirmSubject>
          {pitch.file_name} for {pitch.domain_name}
        </ConfirmSubject>
      ) : null}
    </ConfirmDialog>
  );
}
