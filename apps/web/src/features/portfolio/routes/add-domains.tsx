import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useNavigate } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ImportForm } from '../components/import-form';
import { NameserverInstructions } from '../components/nameserver-instructions';
import { PageHeading } from '@/components/ui/page-heading';

export default function AddDomainsRoute() {
  useDocumentTitle('Add Domains');
  const navigate = useNavigate();
  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <PageHeading
        title="Add Domains"
        subtitle="Type or paste your domain names, or import a list. They join your portfolio, where you set prices and listing options."
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 7fr) minmax(0, 5fr)' }, alignItems: 'start' }}>
        <Paper variant="outlined" component="section" aria-labelledby="import-heading" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="import-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
            Your domains
          </Typography>
          <ImportForm onImported={(result) => navigate('/portfolio', { state: { imported: result } })} />
        </Paper>
        <NameserverInstructions />
      </Box>
    </PageContainer>
  );
}
