import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterRequest } from '@market/shared';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';
import { assertAuthResponse } from './session-response';

/** POST /api/auth/register/ — request shape: `registerRequest` in @market/shared. */
export async function register(payload: RegisterRequest): Promise<AuthResponse> {
  return assertAuthResponse(await api.post<unknown>('/api/auth/register/', payload, { auth: false }));
}

/** Registration authenticates: the returned session is stored right away. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, user }) => authStore.setSession(token, user),
  });
}
