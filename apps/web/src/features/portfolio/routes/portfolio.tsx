import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import AddIcon from '@mui/icons-material/Add';
import { useLocation } from 'react-router';
import { PageContainer } from '@/components/ui/page-container';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useDomains } from '../api/get-domains';
import type { ImportDomainsResponse } from '../api/import-domains';
import { DeleteDomainDialog } from '../components/delete-domain-dialog';
import { DnsRecordsDialog } from '../components/dns-records-dialog';
import { EditDomainDialog } from '../components/edit-domain-dialog';
import { LeaseTermsDialog } from '../components/lease-terms-dialog';
import { PageHeading } from '@/components/ui/page-heading';
import { PortfolioTable } from '../components/portfolio-table';
import { SalesSection } from '../components/sales-section';
import type { OwnDomain } from '@market/shared';

function importedFrom(state: unknown): ImportDomainsResponse | undefined {
  const imported = state && typeof state === 'object' ? (state as { imported?: unknown }).imported : undefined;
  const candidate = imported as Partial<ImportDomainsResponse> | undefined;
  return candidate && Array.isArray(candidate.created) && Array.isArray(candidate.existing_domains)
    ? (candidate as ImportDomainsResponse)
    : undefined;
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** After an import: how many names were created and which were already listed. */
function ImportSummary({ result, onClose }: { result: ImportDomainsResponse; onClose: () => void }) {
  const existing = result.existing_domains;
  return (
    <Alert severity="success" onClose={onClose} sx={{ mb: 2 }} data-testid="import-summary">
      <strong>{plural(result.created.length, 'domain added', 'domains added')}</strong>
      {existing.length > 0 ? (
        <>
          {'; '}
          {plural(existing.length, 'was', 'were')} already listed: {existing.slice(0, 10).join(', ')}
          {existing.length > 10 ? ` and ${existing.length - 10} more` : ''}.
        </>
      ) : (
        '.'
      )}{' '}
      New domains wait for approval before they are public.
    </Alert>
  );
}

export default function PortfolioRoute() {
  useDocumentTitle('Power Portfolio');
  const location = useLocation();
  const [imported, setImported] = useState(() => importedFrom(location.state));
  const { data, isPending, isError, refetch } = useDomains();
  const [editing, setEditing] = useState<OwnDomain | null>(null);
  const [dnsOf, setDnsOf] = useState<OwnDomain | null>(null);
  const [leaseOf, setLeaseOf] = useState<OwnDomain | null>(null);
  const [deleting, setDeleting] = useState<OwnDomain | null>(null);

  return (
    <PageContainer sx={{ pt: { xs: 2, md: 3 } }}>
      <PageHeading
        title="Power Portfolio"
        subtitle={data ? `${plural(data.count, 'domain', 'domains')}: prices, listing options and approval.` : 'Your domains, prices and listing options.'}
        actions={
          <Button href="/add_domains" variant="contained" startIcon={<AddIcon />}>
            Add domains
          </Button>
        }
      />
      {imported ? <ImportSummary result={imported} onClose={() => setImported(undefined)} /> : null}
      {isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              Retry
            </Button>
          }
        >
          Your portfolio could not be loaded.
        </Alert>
      ) : isPending ? (
        <Skeleton variant="rounded" height={240} aria-label="Loading your domains" />
      ) : (
        <PortfolioTable domains={data.domains} total={data.count} onEdit={setEditing} onDelete={setDeleting} onDns={setDnsOf} onLease={setLeaseOf} />
      )}
      <SalesSection />
      <EditDomainDialog domain={editing} onClose={() => setEditing(null)} />
      <DnsRecordsDialog domain={dnsOf} onClose={() => setDnsOf(null)} />
      <LeaseTermsDialog domain={leaseOf} onClose={() => setLeaseOf(null)} />
      <DeleteDomainDialog domain={deleting} onClose={() => setDeleting(null)} />
    </PageContainer>
  );
}
