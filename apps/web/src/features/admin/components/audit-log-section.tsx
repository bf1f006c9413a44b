import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useAuditLog } from '../api/get-audit-log';
import { auditActionLabel, auditSummary, auditTarget, parseDetails } from '../utils/audit';
import { ListTable } from './table-parts';
import { formatDateTime } from '@/utils/format';

const COLUMNS = [{ label: 'Time' }, { label: 'Action' }, { label: 'Actor' }, { label: 'Target' }, { label: 'Outcome' }, { label: 'Details' }] as const;

/** Every admin action, done or refused (role changes, reviews, broker takes), newest first. */
export function AuditLogSection() {
  return (
    <ListTable
      label="Audit log"
      minWidth={860}
      columns={COLUMNS}
      query={useAuditLog()}
      loadingLabel="Loading the audit log"
      row={(entry) => {
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
      }}
    />
  );
}
