import { apiErrors, authToasts } from '@market/shared';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/components/ui/toast';

/**
 * A failed login says 'Login Failed' / 'Please check your credentials' (the
 * social variant: 'Login Failed!' / 'Please check your email and password.'). Throttling and
 * server faults say what really happened, so the user does not retype a correct password.
 */
export function showLoginFailure(error: unknown, social: boolean): void {
  const title = social ? authToasts.socialLoginFailedTitle : authToasts.loginFailedTitle;
  if (isApiError(error) && error.status === 429) {
    toast.error(title, error.detail ?? apiErrors.tooManyRequests);
    return;
  }
  if (isApiError(error) && error.isServerError) {
    toast.error(title, authToasts.serverError);
    return;
  }
  toast.error(title, social ? authToasts.socialLoginFailedBody : authToasts.loginFailedBody);
}
