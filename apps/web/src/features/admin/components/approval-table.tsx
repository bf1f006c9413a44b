import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { PendingDomain } from '../api/get-pending-domains';
import type { ReviewAction } from '../api/review-domain';
import { adminText } from '../utils/constants';
import { fullName } from '../utils/format';
import { EmptyRow, headRowSx, LoadingRows, SelectAllCell, TableScroller } from './table-parts';
import { formatDate, formatDateTime, formatListPrice } from '@/utils/format';

interface ApprovalTableProps {
  domains: PendingDomain[] | undefined;
  selected: ReadonlySet<number>;
  busyIds: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (select: boolean) => void;
  onReview: (domain: PendingDomain, action: ReviewAction) => void;
}

const COLUMNS = 7;

/** Portfolio Approval: checkbox table of domains and their owners' names. */
export function ApprovalTable({ domains, selected, busyIds, onToggle, onToggleAll, onReview }: ApprovalTableProps) {
  const rows = domains ?? [];
  return (
    <Paper variant="outlined">
      <TableScroller label="Domains waiting for approval">
        <Table size="small" aria-label="Domains waiting for approval" sx={{ minWidth: 760 }}>
          <TableHead>
            <TableRow sx={headRowSx}>
              <SelectAllCell ids={rows.map((r) => r.id)} selected={selected} label="Select all domains on this page" onChange={onToggleAll} />
              <TableCell>Domain</TableCell>
              <TableCell>Owner</TableCell>
              <TableCell>Listing</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell>Submitted</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {domains === undefined ? (
              <LoadingRows colSpan={COLUMNS} label="Loading the approval queue" />
            ) : rows.length === 0 ? (
              <EmptyRow colSpan={COLUMNS} hint={adminText.queueEmpty} />
            ) : (
              rows.map((domain) => {
                const isChecked = selected.has(domain.id);
                const busy = busyIds.has(domain.id);
                return (
                  <TableRow key={domain.id} hover selected={isChecked} data-testid={`pending-row-${domain.id}`}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={isChecked}
                        onChange={() => onToggle(domain.id)}
                        slotProps={{ input: { 'aria-label': `Select ${domain.domain_name}` } }}
                      />
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 180 }}>
                      <Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>
                    </TableCell>
                    <TableCell sx={{ minWidth: 110 }}>{fullName(domain.user)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{domain.business_status_label || 'Enquire'}</TableCell>
                    <TableCell align="right">{formatListPrice(domain.seller_price)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatDateTime(domain.created_at)}>
                      {formatDate(domain.created_at)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Box sx={{ display: 'inline-flex', gap: 1 }}>
                        <Button
                          size="small"
                          variant="contained"
                          color="success"
                          disabled={busy}
                          aria-label={`Approve ${domain.domain_name}`}
                          onClick={() => onReview(domain, 'approve')}
                          sx={{ bgcolor: 'success.dark' }}
                        >
                          Approve
                        </Button>
                        <Button
                          size="small"
                          variant="outlined"
                          color="error"
                          disabled={busy}
                          aria-label={`Deny ${domain.domain_name}`}
                          onClick={() => onReview(domain, 'deny')}
                          sx={{ color: 'error.dark', borderColor: 'error.dark' }}
                        >
                          Deny
                        </Button>
                      </Box>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableScroller>
    </Paper>
  );
}
