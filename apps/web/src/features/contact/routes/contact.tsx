import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageContainer } from '@/components/ui/page-container';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useSiteContact } from '../api/get-site-contact';

/** /contact: how to reach our team, for payments, disputes and anything else. */
export default function ContactRoute() {
  useDocumentTitle('Contact us');
  const contact = useSiteContact();
  const email = contact.data?.support_email;
  return (
    <PageContainer>
      <PageHeading title="Contact us" subtitle="Our team answers within one working day." />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720 }}>
        {contact.isError ? <QueryError error={contact.error} onRetry={() => void contact.refetch()} /> : null}
        {email ? (
          <>
            <Typography variant="h6" component="h2" gutterBottom>
              E-mail
            </Typography>
            <Typography sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
              <Link href={`mailto:${email}`}>{email}</Link>
            </Typography>
          </>
        ) : null}
        <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
          Paying for an order or a milestone
        </Typography>
        <Typography>
          Quote the payment reference shown on the order or milestone page in every message and in your bank transfer, so we can match it at once.
        </Typography>
        <Typography variant="h6" component="h2" sx={{ mt: 3 }} gutterBottom>
          Something went wrong in a deal
        </Typography>
        <Typography>
          Open a dispute on the order or milestone page: our team reads it, decides and tells both parties. Write to us for anything else.
        </Typography>
      </Paper>
    </PageContainer>
  );
}
