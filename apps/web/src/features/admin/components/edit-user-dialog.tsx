import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AdminRole, adminRoleLabels, adminRoleValues, subscriptionTiers, type SubscriptionTier } from '@market/shared';
import { toast } from '@/components/ui/toast';
import type { AdminUser } from '../api/get-users';
import { useSetRole } from '../api/set-role';
import { useSetSubscription } from '../api/set-subscription';
import { adminText } from '../utils/constants';
import { failureMessage, roleLabel } from '../utils/format';

/** The role dropdown shows only for users whose current role is 0 or 1. */
export function canEditRole(role: number): boolean {
  return role === AdminRole.User || role === AdminRole.Admin;
}

interface EditUserDialogProps {
  user: AdminUser;
  onClose: () => void;
}

/**
 * The user dialog: e-mail and name, the role dropdown, the subscription, Save
 * and Cancel. Save sends set-role (and the subscription) and the grid reloads; a refusal shows
 * the server's message here and the dialog stays open.
 */
export function EditUserDialog({ user, onClose }: EditUserDialogProps) {
  const titleId = useId();
  const setRole = useSetRole();
  const setSubscription = useSetSubscription();
  const roleEditable = canEditRole(user.role);
  // What the server holds now; moves forward as each call succeeds, so a retry sends only the rest.
  const [saved, setSaved] = useState({ role: user.role, subscription: user.subscription });
  const [role, setRoleValue] = useState<number>(user.role);
  const [subscription, setSubscriptionValue] = useState<SubscriptionTier>(user.subscription);
  const [error, setError] = useState<string | null>(null);
  const pending = setRole.isPending || setSubscription.isPending;

  const save = async () => {
    setError(null);
    let step: 'role' | 'subscription' = 'role';
    try {
      if (roleEditable && role !== saved.role) {
        await setRole.mutateAsync({ id: user.id, role: role as AdminRole });
        setSaved((s) => ({ ...s, role }));
      }
      step = 'subscription';
      if (subscription !== saved.subscription) {
        await setSubscription.mutateAsync({ id: user.id, subscription });
        setSaved((s) => ({ ...s, subscription }));
      }
      toast.success(adminText.userSaved, user.email);
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
      toast.error(step === 'role' ? adminText.roleChangeFailed : adminText.subscriptionChangeFailed);
    }
  };

  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Edit user</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="edit-user-error">
            {error}
          </Alert>
        ) : null}
        {/* Read-only; multiline so a long address wraps instead of hiding its end. */}
        <TextField label="Email" value={user.email} multiline slotProps={{ input: { readOnly: true } }} />
        <TextField label="Name" value={user.name} multiline slotProps={{ input: { readOnly: true } }} />
        {roleEditable ? (
          <TextField
            select
            label="Role"
            value={role}
            onChange={(event) => setRoleValue(Number(event.target.value))}
            disabled={pending}
          >
            {adminRoleValues.map((value) => (
              <MenuItem key={value} value={value}>
                {adminRoleLabels[value]}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Box sx={{ mt: 2, mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              Role
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{roleLabel(user.role)}</Typography>
            <Typography variant="body2" color="text.secondary">
              {adminText.roleFixed}
            </Typography>
          </Box>
        )}
        <TextField
          select
          label="Subscription"
          value={subscription}
          onChange={(event) => setSubscriptionValue(event.target.value as SubscriptionTier)}
          disabled={pending}
        >
          {subscriptionTiers.map((tier) => (
            <MenuItem key={tier} value={tier}>
              {tier}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={pending}>
          {pending ? 'Saving…' : 'Save'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
