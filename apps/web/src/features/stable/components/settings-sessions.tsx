import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { apiErrors, settingsMessages } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { isApiError } from '@/lib/api-client';
import { QueryError } from '@/components/ui/query-error';
import { formatDateTime } from '@/utils/format';

/** Active sessions, and "Sign out of other sessions" (POST /api/auth/sessions/revoke-others/). */
export function SettingsSessions() {
  const headingId = useId();
  const sessions = useSessions();
  const revoke = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" gutterBottom>
        Active sessions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Every browser or device where you are signed in. If you see one you do not recognise, sign out of the others and change your password.
      </Typography>
      {sessions.isPending ? (
        <Box role="status" aria-label="Loading sessions">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Box>
      ) : sessions.isError ? (
        <QueryError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 2 }} aria-label="Sessions">
          {sessions.data.map((session) => (
            <Box
              component="li"
              key={session.id}
              sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1, borderTop: 1, borderColor: 'divider', flexWrap: 'wrap' }}
            >
              <Box>
                <Typography sx={{ fontWeight: 600 }}>Signed in {formatDateTime(session.created_at)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  Last active {formatDateTime(session.last_used_at ?? session.created_at)}
                </Typography>
              </Box>
              {session.current ? <Chip label="This browser" color="primary" size="small" /> : null}
            </Box>
          ))}
        </Box>
      )}
      <Button
        variant="outlined"
        color="error"
        disabled={revoke.isPending || !sessions.isSuccess || others === 0}
        onClick={() =>
          revoke.mutate(undefined, {
            onSuccess: (n) => toast.success(settingsMessages.sessionsRevoked(n)),
            onError: (error) => toast.error('Failed!', isApiError(error) && !error.isServerError ? error.message : apiErrors.internal),
          })
        }
      >
        Sign out of other sessions
      </Button>
      {sessions.isSuccess && others === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          You are not signed in anywhere else.
        </Typography>
      ) : null}
    </Paper>
  );
}
