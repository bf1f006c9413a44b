import { useMutation } from '@tanstack/react-query';
import type { AuthResponse } from '@market/shared';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { assertAuthResponse } from './session-response';

/** POST /api/auth/token/refresh/ — issues a new key and revokes the old one. */
export async function refreshToken(): Promise<AuthResponse> {
  return assertAuthResponse(await api.post<unknown>('/api/auth/token/refresh/'));
}

/** Refresh failure ends the session (docs/product.md section 5, Sessions). */
export function useRefreshToken() {
  return useMutation({
    mutationFn: refreshToken,
    onSuccess: ({ token, user }) => authStore.setSession(token, user),
    onError: () => authStore.clearSession(),
  });
}
