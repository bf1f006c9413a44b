import Typography from '@mui/material/Typography';
import { Outlet } from 'react-router';
import { apiErrors, isAdminRole } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuthSnapshot } from '@/lib/auth-store';

function AccessDenied() {
  useDocumentTitle('Access denied');
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        Access denied
      </Typography>
      <Typography>{apiErrors.permissionDenied}</Typography>
    </PageContainer>
  );
}

/**
 * Admin pages require Admin or SuperAdmin (docs/product.md section 2). The
 * server enforces it; this only spares other users a page of failing calls. Nest it inside
 * RequireAuth, which handles the signed-out case.
 */
export function RequireAdmin() {
  const { user } = useAuthSnapshot();
  return user && isAdminRole(user.role) ? <Outlet /> : <AccessDenied />;
}
