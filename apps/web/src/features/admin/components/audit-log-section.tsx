import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useAuditLog } from '../api/get-audit-log';
import { auditActionLabel, auditSummary, auditTarget, parseDetails } from '../utils/audit';
import { EmptyRow, headRowSx, LoadingRows, QueryError, TableScroller } from './table-parts';
import { formatDateTime } from '@/utils/format';

const COLUMNS = 6;

/** Every admin action, done or refused (role changes, reviews, broker takes), newest first. */
export function AuditLogSection() {
  const { data, error, isError, refetch } = useAuditLog();
  return (
    <>
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <Paper variant="outlined">
        <TableScroller label="Audit log">
          <Table size="small" aria-label="Audit log" sx={{ minWidth: 860 }}>
            <TableHead>
              <TableRow sx={headRowSx}>
                <TableCell>Time</TableCell>
                <TableCell>Action</TableCell>
                <TableCell>Actor</TableCell>
                <TableCell>Target</TableCell>
                <TableCell>Outcome</TableCell>
                <TableCell>Details</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data === undefined && !isError ? (
                <LoadingRows colSpan={COLUMNS} label="Loading the audit log" />
              ) : !data || data.length === 0 ? (
                <EmptyRow colSpan={COLUMNS} />
              ) : (
                data.map((entry) => {
                  const details = parseDetails(entry.details);
                  const refused = entry.outcome !== 'ok';
                  return (
                    <TableRow key={entry.id} hover data-testid={`audit-row-${entry.id}`}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.created_at)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{auditActionLabel(entry.action)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{entry.actor_email ?? '—'}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{auditTarget(entry, details)}</TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={refused ? 'Refused' : 'Done'}
                          variant="outlined"
                          sx={{ color: refused ? 'error.dark' : 'success.dark', borderColor: 'currentColor', fontWeight: 600 }}
                        />
                      </TableCell>
                      <TableCell sx={{ minWidth: 200 }}>{auditSummary(entry, details) || '—'}</TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableScroller>
      </Paper>
    </>
  );
}
