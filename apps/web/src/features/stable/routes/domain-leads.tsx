import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useLeadSummary } from '../api/get-lead-summary';
import { LeadSummaryTable } from '../components/lead-summary-table';
import { QueryError } from '@/components/ui/query-error';

/** My Stable's first tab: one row per domain you negotiate on, as seller or buyer. */
export default function DomainLeadsRoute() {
  useDocumentTitle('Domain Leads');
  const summary = useLeadSummary();
  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Domain Leads
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Inquiries and offers on your domains, and the domains you made offers on. Open a domain to see its negotiation.
      </Typography>
      {summary.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label="Loading domain leads" />
        </Box>
      ) : summary.isError ? (
        <QueryError error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <LeadSummaryTable rows={summary.data} />
      )}
    </PageContainer>
  );
}
