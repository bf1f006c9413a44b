import Typography from '@mui/material/Typography';
import { MyReviews } from '@/features/engagements';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** My Stable's Reviews tab: reviews of the user from their engagements, and the ones they wrote. */
export default function ReviewsRoute() {
  useDocumentTitle('Reviews');
  return (
    <PageContainer>
      <Typography variant="h5" component="h1" gutterBottom>
        Reviews
      </Typography>
      <MyReviews />
    </PageContainer>
  );
}
