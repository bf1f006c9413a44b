import Typography from '@mui/material/Typography';
import { apiErrors } from '@market/shared';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** What a signed-in user who is not an admin sees at an admin page (loaded only then). */
export default function AccessDenied() {
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
