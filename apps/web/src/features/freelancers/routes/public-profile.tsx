import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageLoader } from '@/components/ui/page-loader';

/**
 * /freelancers/{id} reached inside the app (after logging in from the public page, say): the
 * profile is a page the server renders, so the browser loads it from the server.
 */
export default function PublicProfileRoute() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.location.replace(pathname);
  }, [pathname]);
  return <PageLoader />;
}
