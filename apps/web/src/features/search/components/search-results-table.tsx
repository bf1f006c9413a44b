import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
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
import { businessStatusLabel, emptyTableMessage, SEARCH_COUNT_CAP, STARTUP_BREEDER_LABEL } from '@market/shared';
import { DomainCard, DomainCardList } from '@/features/portfolio';
import { useCompact } from '@/hooks/use-compact';
import type { SearchRow } from '@market/shared';
import { ALL_ROWS } from '../utils/search-request';
import { formatListPrice } from '@/utils/format';

/** SEARCH_PAGE_SIZES: 10, 25, 50, 100, 200 and All (the server's page cap). */
export const SEARCH_ROWS_OPTIONS = [10, 25, 50, 100, 200, { label: 'All', value: ALL_ROWS }];

/** 'Showing x to y of z entries'; a capped total reads "10,000+". */
export function showingText(from: number, to: number, total: number, capped: boolean): string {
  const count = `${total.toLocaleString('en-US')}${capped ? '+' : ''}`;
  return total === 0 ? 'Showing 0 to 0 of 0 entries' : `Showing ${from.toLocaleString('en-US')} to ${to.toLocaleString('en-US')} of ${count} entries`;
}

/** A row's buttons: they wrap as whole buttons, so a narrow column stacks them rather than breaking labels. */
function RowActions({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
      {children}
    </Box>
  );
}

interface SearchResultsTableProps {
  domains: SearchRow[];
  total: number;
  capped: boolean;
  page: number;
  rowsPerPage: number;
  loading: boolean;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rows: number) => void;
  /** A row's buttons (an Actions column, or the foot of a phone card); none when absent. */
  renderActions?: (domain: SearchRow) => ReactNode;
}

export function SearchResultsTable({
  domains,
  total,
  capped,
  page,
  rowsPerPage,
  loading,
  onPageChange,
  onRowsPerPageChange,
  renderActions,
}: SearchResultsTableProps) {
  const from = total === 0 ? 0 : page * rowsPerPage + 1;
  const to = Math.min(total, page * rowsPerPage + domains.length);
  // The server pages up to offset 10,000: beyond that the table cannot go.
  const pageable = Math.min(total, SEARCH_COUNT_CAP + rowsPerPage);
  const compact = useCompact();
  const emptyState = (
    <>
      <Typography sx={{ fontWeight: 600 }}>{loading ? 'Searching…' : emptyTableMessage}</Typography>
      {!loading ? (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          Try fewer filters or a shorter search.
        </Typography>
      ) : null}
    </>
  );
  return (
    <Paper variant="outlined">
      {compact ? (
        domains.length === 0 ? (
          <Box sx={{ py: 5, px: 2, textAlign: 'center' }}>{emptyState}</Box>
        ) : (
          <Box sx={{ p: 1.5, opacity: loading ? 0.6 : 1 }} aria-busy={loading}>
            <DomainCardList label="Search results">
              {domains.map((domain) => (
                <DomainCard
                  key={domain.id}
                  title={<Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>}
                  facts={[
                    { label: 'Listing', value: businessStatusLabel(domain.business_status) },
                    { label: 'Price', value: domain.lease_monthly_line ? `${formatListPrice(domain.seller_price)} ${domain.lease_monthly_line}` : formatListPrice(domain.seller_price) },
                    { label: 'Min offer', value: formatListPrice(domain.min_offer) },
                    { label: 'Trade', value: domain.trade_switch === 'Yes' && domain.trade_option ? domain.trade_option : '—' },
                    { label: 'Startup Breeders', value: domain.startup_breeders_switch === 'Yes' ? STARTUP_BREEDER_LABEL : '—' },
                  ]}
                  footer={renderActions ? <RowActions>{renderActions(domain)}</RowActions> : undefined}
                />
              ))}
            </DomainCardList>
          </Box>
        )
      ) : (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Search results" aria-busy={loading} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow sx={{ '& th': { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'grey.50' } }}>
                <TableCell>Domain</TableCell>
                <TableCell>Listing</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell align="right">Min offer</TableCell>
                <TableCell>Trade</TableCell>
                <TableCell>Startup Breeders</TableCell>
                {renderActions ? <TableCell>Actions</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody sx={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}>
              {domains.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={renderActions ? 7 : 6} sx={{ py: 6, textAlign: 'center' }}>
                    {emptyState}
                  </TableCell>
                </TableRow>
              ) : (
                domains.map((domain) => (
                  <TableRow key={domain.id} hover>
                    <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 180 }}>
                      <Link href={`/landing/${domain.id}`}>{domain.domain_name}</Link>
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{businessStatusLabel(domain.business_status)}</TableCell>
                    <TableCell align="right">
                      {formatListPrice(domain.seller_price)}
                      {domain.lease_monthly_line ? (
                        <Typography variant="caption" component="div" color="text.secondary">
                          {domain.lease_monthly_line}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell align="right">{formatListPrice(domain.min_offer)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {domain.trade_switch === 'Yes' && domain.trade_option ? domain.trade_option : '—'}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {domain.startup_breeders_switch === 'Yes' ? STARTUP_BREEDER_LABEL : '—'}
                    </TableCell>
                    {renderActions ? (
                      <TableCell>
                        <RowActions>{renderActions(domain)}</RowActions>
                      </TableCell>
                    ) : null}
                  </TableRow>
                ))
              )}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          gap: 1,
          pl: 2,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Typography variant="body2" role="status" data-testid="showing-entries">
          {showingText(from, to, total, capped)}
        </Typography>
        <TablePagination
          component="div"
          count={pageable}
          page={page}
          rowsPerPage={rowsPerPage}
          rowsPerPageOptions={SEARCH_ROWS_OPTIONS}
          labelRowsPerPage="Rows per page:"
          labelDisplayedRows={() => null}
          onPageChange={(_, next) => onPageChange(next)}
          onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
          sx={{ border: 0, '& .MuiTablePagination-displayedRows': { display: 'none' } }}
        />
      </Box>
      {capped ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          More than {SEARCH_COUNT_CAP.toLocaleString('en-US')} domains match: narrow the search to see them all.
        </Typography>
      ) : null}
    </Paper>
  );
}
