import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { PageContainer } from './page-container';

interface NotFoundProps {
  /** "Job not found": the page's heading and title. */
  title: string;
  text: string;
  /** Where to go instead. */
  action: { label: string; href: string };
}

/** A page for an address that names nothing (a removed job, a mistyped id): says so and offers the way on. */
export function NotFoundPage({ title, text, action }: NotFoundProps) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, borderRadius: 3, maxWidth: 720 }}>
        <Typography variant="h4" component="h1" gutterBottom sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
        <Button href={action.href} variant="contained">
          {action.label}
        </Button>
      </Paper>
    </PageContainer>
  );
}
