import DialogContentText from '@mui/material/DialogContentText';
import { domainMessages, type OwnDomain } from '@market/shared';
import { ConfirmDialog, ConfirmSubject } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useDeleteDomain } from '../api/delete-domain';
import { serverMessage } from '@/lib/error-text';

/** 'Delete Domain' / 'Are you sure you want to delete this domain?'. */
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
    <ConfirmDialog
      open={domain !== null}
      title={domainMessages.deleteTitle}
      confirmLabel="Delete"
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <DialogContentText>{domainMessages.deleteConfirm}</DialogContentText>
      {domain ? (
        <ConfirmSubject>{domain.domain_name}</ConfirmSubject>
      ) : null}
    </ConfirmDialog>
  );
}
