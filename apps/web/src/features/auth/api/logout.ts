import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** POST /api/auth/logout/ — revokes the token server-side (204). */
export function logout(): Promise<void> {
  return api.post<void>('/api/auth/logout/');
}

/**
 * The local session ends whatever the server says: a user who clicks "Log out" while offline
 * must still be logged out on this device.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      // byUser: a guarded page must not be remembered for the next login (maybe someone else's).
      authStore.clearSession({ byUser: true });
      navigate('/login', { replace: true });
    },
  });
}
