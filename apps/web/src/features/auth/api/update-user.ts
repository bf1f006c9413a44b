import { useMutation } from '@tanstack/react-query';
import type { UpdateUserRequest, User } from '@market/shared';
import { api } from '@/lib/api-client';
import { authStore } from '@/lib/auth-store';

/** PUT /api/auth/user/ — request shape: `updateUserRequest` in @market/shared. */
export function updateUser(payload: UpdateUserRequest): Promise<User> {
  return api.put<User>('/api/auth/user/', payload);
}

/** Keeps the stored user in step with the server's answer. */
export function useUpdateUser() {
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => authStore.setUser(user),
  });
}
