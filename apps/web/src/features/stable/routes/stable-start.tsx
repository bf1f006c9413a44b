import { Navigate } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';
import { useAuthSnapshot } from '@/lib/auth-store';
import { useStableCounts } from '../api/get-stable-counts';
import { stableStartPath } from '../utils/stable-start';

/** /my_stable and /stable: open the tab where this user's next step is. */
export default function StableStartRoute() {
  const role = useAuthSnapshot().user?.user_role;
  const counts = useStableCounts();
  if (counts.isPending) return <PageLoader />;
  return <Navigate to={stableStartPath(role, counts.data)} replace />;
}
