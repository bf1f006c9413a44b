import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useClaims } from '../api/get-claims';
import { ListTable } from './table-parts';
import { formatDateTime } from '@/utils/format';

const COLUMNS = [{ label: 'Domain' }, { label: 'Held by' }, { label: 'Claimed by' }, { label: 'Nameservers' }, { label: 'Claimed' }] as const;

/** Names a second seller tried to import; nameserver ownership settles who keeps them. */
export function ClaimsSection() {
  const claims = useClaims();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        A name is listed once in the marketplace. When another seller imports a name that is already held, the claim waits
        here; pointing the nameservers at us proves ownership.
      </Typography>
      <ListTable
        label="Domain claims"
        minWidth={720}
        columns={COLUMNS}
        query={claims}
        loadingLabel="Loading claims"
        emptyHint="No name has been claimed by a second seller."
        row={(claim) => (
          <TableRow key={claim.id} hover>
            <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 150 }}>
              <Link href={`/landing/${claim.domain_id}`}>{claim.domain_name}</Link>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{claim.holder_email}</TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{claim.claimant_email}</TableCell>
            <TableCell>{claim.ns_status ?? '—'}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(claim.created_at)}</TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
