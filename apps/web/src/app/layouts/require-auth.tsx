import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuthSnapshot } from '@/lib/auth-store';

/**
 * Signed-in layout guard: without a session, go to /login remembering the whole location
 * (path, query and hash) so the user lands back exactly where they were heading. After a
 * deliberate logout nothing is remembered.
 */
export function RequireAuth() {
  const { isAuthenticated, loggedOut } = useAuthSnapshot();
  const location = useLocation();
  if (!isAuthenticated) {
    if (loggedOut) return <Navigate to="/login" replace />;
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to="/login" state={{ from }} replace />;
  }
  return <Outlet />;
}
