import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageContainer } from './page-container';

/** Stand-in for a screen a later task builds: names the page and says so, nothing invented. */
export function PagePlaceholder({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography>This page is being built.</Typography>
    </PageContainer>
  );
}
