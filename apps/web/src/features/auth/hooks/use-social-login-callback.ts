import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { showLoginFailure } from '../utils/login-errors';
import { parseCallbackHash, socialSignupFromToken, takePendingLogin } from '../utils/oidc';

/**
 * Finishes the OIDC round trip on /login: reads `#id_token&state`, drops them from the URL,
 * posts the social login, and sends a provider user without an account to /register in social
 * mode. Returns true while a callback is being handled.
 */
export function useSocialLoginCallback(): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const login = useLogin();
  const handled = useRef(false);
  const callback = parseCallbackHash(location.hash);

  useEffect(() => {
    // StrictMode runs effects twice; the pending state is single-use, so handle it once.
    if (handled.current || !callback) return;
    handled.current = true;
    const pending = takePendingLogin(callback.state);
    // The token must not linger in the address bar or history.
    navigate(`${location.pathname}${location.search}`, { replace: true, state: pending ? { from: pending.from } : location.state });

    const social = callback.kind === 'token' && pending ? socialSignupFromToken(callback.idToken, pending) : null;
    if (!pending || !social) {
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
            navigate('/register', { state: { from: pending.from, social } });
            return;
          }
          showLoginFailure(error, true);
        },
      },
    );
  }, [callback, location, login, navigate]);

  return callback !== null || login.isPending;
}
