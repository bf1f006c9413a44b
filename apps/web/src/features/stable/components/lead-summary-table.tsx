import { useState } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { emptyTableMessage, formatDollars, TABLE_PREVIEW_ROWS } from '@market/shared';
import type { LeadSummaryRow } from '../api/get-lead-summary';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { formatDateTime } from '@/utils/format';

const columns = ['Domain name', 'Total inquiries', 'Last bid amount ($)', 'Last bid date', 'Status'] as const;

export function negotiationPath(domainId: number): string {
  return `/domain-leads/negotiation/${domainId}`;
}

/**
 * One row per domain and side: someone who bought a name they negotiated for and now sells it
 * has a Buying and a Selling row, both opening the one negotiation page of the domain.
 * The first 10 rows show (TABLE_PREVIEW_ROWS); past that the table pages for real (10 at a time by
 * default). Below 600 px every row becomes a small card with the column names as labels.
 */
export function LeadSummaryTable({ rows }: { rows: LeadSummaryRow[] }) {
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState<number>(TABLE_PREVIEW_ROWS);
  const lastPage = Math.max(0, Math.ceil(rows.length / perPage) - 1);
  const current = Math.min(page, lastPage);
  const visible = rows.slice(current * perPage, current * perPage + perPage);

  if (rows.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          Leads appear here when buyers ask about your domains or when you make an offer yourself.{' '}
          <Link href="/homeSearch" underline="always">Search domains</Link> to find one to make an offer on, or{' '}
          <Link href="/add_domains" underline="always">add your domains</Link> so buyers can find them.
        </Typography>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined">
      <Box sx={{ overflowX: 'auto' }}>
        <Table aria-label="Domain leads" sx={stackedTableSx}>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={c} align={i === 1 || i === 2 ? 'right' : 'left'}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {visible.map((row) => (
              <TableRow key={`${row.domain_id}:${row.role}`} hover>
                <TableCell data-label={columns[0]} component="th" scope="row">
                  {/* One box: a stacked (phone) cell lays its children out in a row after the label. */}
                  <Box component="span">
                    <Link href={negotiationPath(row.domain_id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {row.domain_name}
                    </Link>
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: '0.8125rem' }}>
                      {row.role === 'buyer' ? 'Buying' : 'Selling'}
                    </Box>
                  </Box>
                </TableCell>
                <TableCell data-label={columns[1]} align="right">
                  {row.total_inquiries}
                </TableCell>
                <TableCell data-label={columns[2]} align="right">
                  {row.last_bid_amount !== null && row.last_bid_amount > 0 ? formatDollars(row.last_bid_amount) : '—'}
                </TableCell>
                <TableCell data-label={columns[3]}>{formatDateTime(row.last_bid_date)}</TableCell>
                <TableCell data-label={columns[4]}>{row.status_label}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {rows.length > TABLE_PREVIEW_ROWS ? (
        <TablePagination
          component="div"
          count={rows.length}
          page={current}
          onPageChange={(_, next) => setPage(next)}
          rowsPerPage={perPage}
          rowsPerPageOptions={[TABLE_PREVIEW_ROWS, 25, 50]}
          onRowsPerPageChange={(event) => {
            setPerPage(Number(event.target.value));
            setPage(0);
          }}
        />
      ) : null}
    </Paper>
  );
}
