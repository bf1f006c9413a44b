import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@market/shared';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { assertAuthResponse } from './session-response';

/**
 * POST /api/auth/login/ — request shape: `loginRequest` in @market/shared (password or social
 * payload). Sent without the Authorization header.
 */
export async function login(payload: LoginRequest): Promise<AuthResponse> {
  return assertAuthResponse(await api.post<unknown>('/api/auth/login/', payload, { auth: false }));
}

/** Success stores the session; failure clears all storage (docs/product.md section 5, Sessions). */
export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => authStore.setSession(token, user),
    onError: () => authStore.clearSession(),
  });
}
