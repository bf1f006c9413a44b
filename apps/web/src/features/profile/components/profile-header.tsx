import { useMemo } from 'react';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import EditIcon from '@mui/icons-material/Edit';
import { signupRoleLabels, type User } from '@market/shared';
import { getCountries } from '@/features/auth';

function initials(user: User): string {
  return `${user.first_name.trim()[0] ?? ''}${user.last_name.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/** Who is signed in: name and e-mail, plus what they told us at sign-up. */
export function ProfileHeader({ user, onEdit }: { user: User; onEdit: () => void }) {
  const country = useMemo(() => (user.country ? getCountries().find((c) => c.code === user.country)?.name : undefined), [user.country]);
  const details = [user.user_role ? signupRoleLabels[user.user_role] : null, country ?? null, `${user.subscription} plan`].filter(
    (d): d is string => Boolean(d),
  );
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2.5, sm: 3 }, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: { sm: 'center' }, gap: { xs: 2, sm: 3 } }}
    >
      <Avatar sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: '1.75rem', fontWeight: 700 }} aria-hidden="true">
        {initials(user)}
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {user.first_name} {user.last_name}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }} data-testid="profile-email">
          {user.email}
        </Typography>
        {details.length > 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {details.join(' · ')}
          </Typography>
        ) : null}
      </Box>
      <Button variant="contained" startIcon={<EditIcon />} onClick={onEdit} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' }, flexShrink: 0 }}>
        Edit profile
      </Button>
    </Paper>
  );
}
