import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { showLoginFailure } from '../utils/login-errors';
import { parseCallbackHash, socialSignupFromTicket } from '../utils/oidc';

/**
 * Finishes the OIDC round trip on /login: reads the server's `#social_ticket&next` (or
 * `#social_error`), drops them from the URL, posts the social login with the ticket, and sends a
 * provider user without an account to /register in social mode. Returns true while a callback
 * is being handled.
 */
export function useSocialLoginCallback(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const handled = useRef(false);
  const callback = parseCallbackHash(location.hash);

  useEffect(() => {
    // StrictMode runs effects twice; a ticket signs in once, so handle it once.
    if (handled.current || !callback) return;
    handled.current = true;
    // The ticket must not linger in the address bar or history.
    navigate(`${location.pathname}${location.search}`, {
      replace: true,
      state: callback.next ? { from: callback.next } : location.state,
    });

    const social = callback.kind === 'ticket' ? socialSignupFromTicket(callback.ticket) : null;
    if (!social) {
      showLoginFailure(null, true);
      return;
    }
    login.mutate(
      {
        username: social.email,
        authentication_type: 'social',
        authentication_label: social.provider,
        authentication_token: social.token,
      },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 404) {
            navigate('/register', { state: { from: callback.next, social } });
            return;
          }
          showLoginFailure(error, true);
        },
      },
    );
  }, [callback, location, login, navigate]);

  return callback !== null || login.isPending;
}
