import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { domainMessages } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useDeleteDomain } from '../api/delete-domain';
import type { OwnDomain } from '../types/domain';
import { serverMessage } from '../utils/server-message';

/** Spec section 8: 'Delete Domain' / 'Are you sure you want to delete this domain?'. */
export function DeleteDomainDialog({ domain, onClose }: { domain: OwnDomain | null; onClose: () => void }) {
  const remove = useDeleteDomain();
  const confirm = () => {
    if (!domain) return;
    remove.mutate(domain.id, {
      onSuccess: () => {
        toast.success(domainMessages.deleted);
        onClose();
      },
      onError: (error) => toast.error(domainMessages.deleteFailed, serverMessage(error)),
    });
  };
  return (
    <Dialog
      open={domain !== null}
      onClose={remove.isPending ? undefined : onClose}
      aria-labelledby="delete-domain-title"
      aria-describedby="delete-domain-text"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="delete-domain-title">{domainMessages.deleteTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-domain-text">{domainMessages.deleteConfirm}</DialogContentText>
        {domain ? (
          <DialogContentText sx={{ mt: 1, fontWeight: 600, color: 'text.primary', overflowWrap: 'anywhere' }}>
            {domain.domain_name}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={remove.isPending} autoFocus>
          Cancel
        </Button>
        <Button onClick={confirm} color="error" variant="contained" disabled={remove.isPending}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
