import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EventRepeatOutlinedIcon from '@mui/icons-material/EventRepeatOutlined';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { businessStatusLabel, emptyTableMessage, type OwnDomain, TABLE_PREVIEW_ROWS } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useNameservers } from '../api/get-nameservers';
import { useVerifyNameservers } from '../api/verify-nameservers';
import { serverMessage } from '@/lib/error-text';
import { useCompact } from '@/hooks/use-compact';
import { nameserverNote } from '../utils/nameserver-note';
import { ApprovalChip } from './approval-chip';
import { DomainCard, DomainCardList } from './domain-card';
import { formatListPrice } from '@/utils/format';

const PAGE_SIZES = [TABLE_PREVIEW_ROWS, 25, 50, 100];

/** The domain's nameserver state, when it was last checked and when it will be again, and "Check now". */
function NameserverCell({ domain, compact = false }: { domain: OwnDomain; compact?: boolean }) {
  const verify = useVerifyNameservers();
  const note = nameserverNote(domain, useNameservers().data?.check_interval_minutes);
  const checking = verify.isPending;
  const check = () =>
    verify.mutate(domain.id, {
      onSuccess: (updated) =>
        updated.ns_status === 'verified'
          ? toast.success(updated.ns_status_label, updated.domain_name)
          : toast.info(updated.ns_status_label, updated.domain_name),
      onError: (error) => toast.error('The check failed.', serverMessage(error)),
    });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', justifyContent: compact ? 'space-between' : 'flex-start' }}>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ color: domain.ns_status === 'verified' ? 'success.dark' : 'text.secondary' }}>
          {domain.ns_status_label}
        </Typography>
        {note ? (
          <Typography variant="caption" component="p" color="text.secondary">
            {note}
          </Typography>
        ) : null}
      </Box>
      <Button
        size="small"
        variant="outlined"
        onClick={check}
        disabled={checking}
        aria-label={`Check now: nameservers of ${domain.domain_name}`}
        sx={{ py: 0, whiteSpace: 'nowrap' }}
      >
        {checking ? 'Checking…' : 'Check now'}
      </Button>
    </Box>
  );
}

interface PortfolioTableProps {
  domains: OwnDomain[];
  total: number;
  onEdit: (domain: OwnDomain) => void;
  onDelete: (domain: OwnDomain) => void;
  /** Opens the domain's DNS records. */
  onDns: (domain: OwnDomain) => void;
  /** The lease-to-own terms of the domain. */
  onLease?: (domain: OwnDomain) => void;
}

/**
 * Power Portfolio: edit and delete per row, the first 10 rows and then real
 * pagination. Approval, listing, prices, visits and the nameserver state per domain.
 */
export function PortfolioTable({ domains, total, onEdit, onDelete, onDns, onLease }: PortfolioTableProps) {
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(TABLE_PREVIEW_ROWS);
  const lastPage = Math.max(0, Math.ceil(domains.length / rowsPerPage) - 1);
  const current = Math.min(page, lastPage);
  const rows = domains.slice(current * rowsPerPage, current * rowsPerPage + rowsPerPage);
  const compact = useCompact();

  const empty = (
    <>
      <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }}>
        <Link href="/add_domains">Add your first domains</Link> to start selling.
      </Typography>
    </>
  );

  const cards =
    rows.length === 0 ? (
      <Box sx={{ py: 5, px: 2, textAlign: 'center' }}>{empty}</Box>
    ) : (
      <Box sx={{ p: 1.5 }}>
        <DomainCardList label="Your domains">
          {rows.map((domain) => (
            <DomainCard
              key={domain.id}
              title={<Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>}
              badge={<ApprovalChip status={domain.status} label={domain.status_label} />}
              facts={[
                { label: 'Listing', value: businessStatusLabel(domain.business_status) },
                { label: 'Price', value: formatListPrice(domain.seller_price) },
                { label: 'Min offer', value: formatListPrice(domain.min_offer) },
                { label: 'Visits', value: domain.visits.toLocaleString('en-US') },
              ]}
              footer={
                <>
                  <NameserverCell domain={domain} compact />
                  {/* Two to a row on a phone, all four on one where they fit. */}
                  <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(112px, 1fr))', gap: 1, mt: 1.5 }}>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<EditOutlinedIcon />}
                      aria-label={`Edit ${domain.domain_name}`}
                      onClick={() => onEdit(domain)}
                      sx={{ flex: 1 }}
                    >
                      Edit
                    </Button>
                    <Button
                      size="small"
                      variant="outlined"
                      startIcon={<DnsOutlinedIcon />}
                      aria-label={`DNS records of ${domain.domain_name}`}
                      onClick={() => onDns(domain)}
                      sx={{ flex: 1 }}
                    >
                      DNS
                    </Button>
                    {onLease ? (
                      <Button size="small" variant="outlined" startIcon={<EventRepeatOutlinedIcon />} aria-label={`Lease to own ${domain.domain_name}`} onClick={() => onLease(domain)} sx={{ flex: 1 }}>
                        Lease
                      </Button>
                    ) : null}
                    <Button
                      size="small"
                      variant="outlined"
                      color="error"
                      startIcon={<DeleteOutlineIcon />}
                      aria-label={`Delete ${domain.domain_name}`}
                      onClick={() => onDelete(domain)}
                      sx={{ flex: 1 }}
                    >
                      Delete
                    </Button>
                  </Box>
                </>
              }
            />
          ))}
        </DomainCardList>
      </Box>
    );

  return (
    <Paper variant="outlined">
      {compact ? (
        cards
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Your domains" sx={{ minWidth: 880 }}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                <TableCell>Domain</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Listing</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Min offer</TableCell>
                <TableCell align="right">Visits</TableCell>
                <TableCell>Nameservers</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 6, textAlign: 'center' }}>
                    {empty}
                  </TableCell>
                </TableRow>
              ) : (
                rows.map((domain) => (
                  <TableRow key={domain.id} hover>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 160 }}>
                      <Link href={`/landing/${domain.id}`} underline="hover">
                        {domain.domain_name}
                      </Link>
                    </TableCell>
                    <TableCell>
                      <ApprovalChip status={domain.status} label={domain.status_label} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{businessStatusLabel(domain.business_status)}</TableCell>
                    <TableCell align="right">{formatListPrice(domain.seller_price)}</TableCell>
                    <TableCell align="right">{formatListPrice(domain.min_offer)}</TableCell>
                    <TableCell align="right">{domain.visits.toLocaleString('en-US')}</TableCell>
                    <TableCell sx={{ minWidth: 200 }}>
                      <NameserverCell domain={domain} />
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label={`Edit ${domain.domain_name}`} title="Edit" onClick={() => onEdit(domain)}>
                        <EditOutlinedIcon />
                      </IconButton>
                      <IconButton aria-label={`DNS records of ${domain.domain_name}`} title="DNS records" onClick={() => onDns(domain)}>
                        <DnsOutlinedIcon />
                      </IconButton>
                      {onLease ? (
                        <IconButton aria-label={`Lease to own ${domain.domain_name}`} title="Lease to own" onClick={() => onLease(domain)}>
                          <EventRepeatOutlinedIcon />
                        </IconButton>
                      ) : null}
                      <IconButton
                        aria-label={`Delete ${domain.domain_name}`}
                        title="Delete"
                        onClick={() => onDelete(domain)}
                        sx={{ color: 'error.dark' }}
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {domains.length > TABLE_PREVIEW_ROWS ? (
        <TablePagination
          component="div"
          count={domains.length}
          page={current}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setRowsPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      ) : null}
      {total > domains.length ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 2 }}>
          Showing your first {domains.length.toLocaleString('en-US')} of {total.toLocaleString('en-US')} domains.
        </Typography>
      ) : null}
    </Paper>
  );
}
