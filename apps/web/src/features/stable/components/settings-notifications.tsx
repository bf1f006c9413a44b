import { useId } from 'react';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { apiErrors, settingsMessages, type User } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useUpdateUser } from '@/features/auth';
import { isApiError } from '@/lib/api-client';

/** Notification preferences: the e-mail switch (notify_email, PUT /api/auth/user/). */
export function SettingsNotifications({ user }: { user: User }) {
  const headingId = useId();
  const descriptionId = useId();
  const update = useUpdateUser();
  // While saving, show the value being saved; the store holds the server's answer afterwards.
  const checked = update.isPending && update.variables?.notify_email !== undefined ? update.variables.notify_email : user.notify_email;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Notifications
      </Typography>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            disabled={update.isPending}
            onChange={(_event, next) =>
              update.mutate(
                { notify_email: next },
                {
                  onSuccess: () => toast.success(settingsMessages.preferencesSaved),
                  onError: (error) => toast.error('Failed!', isApiError(error) && !error.isServerError ? error.message : apiErrors.internal),
                },
              )
            }
            slotProps={{ input: { 'aria-describedby': descriptionId } }}
          />
        }
        label="E-mail notifications"
      />
      <Typography id={descriptionId} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        E-mails about new leads, offers, counter offers and orders on your deals. Notifications inside the app are always on.
      </Typography>
    </Paper>
  );
}
