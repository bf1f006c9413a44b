import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { isAdminRole } from '@market/shared';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthSnapshot } from '@/lib/auth-store';

// Apart from the first bundle: it brings the API's messages, which only this rare page needs there.
const AccessDenied = lazy(() => import('./access-denied'));

/**
 * Admin pages require Admin or SuperAdmin (docs/product.md section 2). The
 * server enforces it; this only spares other users a page of failing calls. Nest it inside
 * RequireAuth, which handles the signed-out case.
 */
export function RequireAdmin() {
  const { user } = useAuthSnapshot();
  return user && isAdminRole(user.role) ? (
    <Outlet />
  ) : (
    <Suspense fallback={<PageLoader />}>
      <AccessDenied />
    </Suspense>
  );
}
