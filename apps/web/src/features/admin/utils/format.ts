import { adminRoleLabels, type AdminRole, videoStatusLabels, type VideoStatus } from '@market/shared';
import { isApiError } from '@/lib/api-client';

export function roleLabel(role: number): string {
  return adminRoleLabels[role as AdminRole] ?? String(role);
}

export function videoStatusLabel(status: string): string {
  return videoStatusLabels[status as VideoStatus] ?? status;
}

export function fullName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/**
 * What the server said about a failure: its `detail` (e.g. 'You cannot change your own role.'),
 * else the first non-field or field message; a generic sentence for network and 5xx failures.
 */
export function failureMessage(error: unknown): string {
  if (isApiError(error)) {
    if (error.isServerError) return 'The server could not be reached or failed. Please try again.';
    return error.message;
  }
  return 'Something went wrong. Please try again.';
}
