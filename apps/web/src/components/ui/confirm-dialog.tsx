import { useId, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question and what it concerns; read out as the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  pending?: boolean;
  /** Deleting or cancelling for good: a red confirm button, and Cancel has the focus. */
  destructive?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before something that cannot be undone (accepting, a bidding war, deleting). */
export function ConfirmDialog({ open, title, children, confirmLabel, pending, destructive, onConfirm, onClose }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent id={textId}>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending} autoFocus={destructive}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
          // The darker red keeps white text above 4.5:1 contrast.
          {...(destructive ? { color: 'error' as const, sx: { bgcolor: 'error.dark' } } : {})}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** What the question is about (a domain's name, a file), set apart under the question. */
export function ConfirmSubject({ children }: { children: ReactNode }) {
  return <DialogContentText sx={{ mt: 1, fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>{children}</DialogContentText>;
}
