import { Fragment, useState } from 'react';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { type BrokerUser, useBrokerDashboard } from '../api/get-broker-dashboard';
import { BROKER_TABLE_PAGE_SIZE } from '../utils/constants';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { Detail, EmptyRow, headRowSx, LoadingRows, QueryError, TableScroller } from './table-parts';

const COLUMNS = 11;

const counts: Array<{ key: keyof BrokerUser; label: string }> = [
  { key: 'video_pitch', label: 'Video pitch' },
  { key: 'sponsored_headlines', label: 'Sponsored headlines' },
  { key: 'exclusive_startup_breeders', label: 'Exclusive startup breeders' },
  // A soft hyphen lets the narrow header break as "Thorough-bred".
  { key: 'thoroughbred_domains', label: 'Thorough\u00ADbred domains' },
  { key: 'sold_domains', label: 'Sold domains' },
];

function UserRow({ user }: { user: BrokerUser }) {
  const [open, setOpen] = useState(false);
  const detailsId = `broker-user-${user.id}-details`;
  return (
    <Fragment>
      <TableRow hover sx={{ '& > td': { borderBottom: open ? 0 : undefined } }} data-testid={`broker-row-${user.id}`}>
        <TableCell padding="checkbox">
          <IconButton
            size="small"
            aria-expanded={open}
            aria-controls={detailsId}
            aria-label={`${open ? 'Hide' : 'Show'} details for ${user.username}`}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
          </IconButton>
        </TableCell>
        <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 100 }}>{user.username}</TableCell>
        <TableCell sx={{ minWidth: 110 }}>{user.display_name}</TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 136 }}>{user.email}</TableCell>
        <TableCell>{user.role}</TableCell>
        <TableCell>{user.subscription}</TableCell>
        {counts.map(({ key }) => (
          <TableCell key={key} align="right">
            {user[key]}
          </TableCell>
        ))}
      </TableRow>
      <TableRow>
        <TableCell colSpan={COLUMNS} sx={{ py: 0, borderBottom: open ? undefined : 0 }}>
          <Collapse in={open} timeout="auto" unmountOnExit>
            <Box
              id={detailsId}
              sx={{
                py: 2,
                px: { xs: 0, sm: 2 },
                // The row spans the whole scrolling table; keep its content in view on phones.
                position: 'sticky',
                left: 0,
                maxWidth: { xs: 'calc(100vw - 60px)', md: 'none' },
              }}
            >
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}
              >
                <Detail label="Admin role">{user.admin_role}</Detail>
                <Detail label="User id">{user.id}</Detail>
                <Detail label="Subscription">{user.subscription}</Detail>
              </Box>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
                <Link href={`/UserList?search=${encodeURIComponent(user.email)}`}>Edit role and subscription</Link>
                <Link href={`mailto:${user.email}`}>E-mail {user.display_name}</Link>
              </Box>
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </Fragment>
  );
}

interface BrokerUsersSectionProps {
  /** 1-based, kept in the URL by the page. */
  page: number;
  onPageChange: (page: number) => void;
}

/**
 * The broker dashboard's expandable users table, every count from real data,
 * paged on the server.
 */
export function BrokerUsersSection({ page, onPageChange }: BrokerUsersSectionProps) {
  const { data, error, isError, refetch } = useBrokerDashboard(page);
  const users = data?.users;
  return (
    <>
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <Paper variant="outlined">
        <TableScroller label="Users">
          <Table
            size="small"
            aria-label="Users"
            sx={{ minWidth: 940, '& td, & th': { px: 1 } }}
          >
            <TableHead>
              <TableRow sx={headRowSx}>
                <TableCell padding="checkbox">
                  <Box component="span" sx={visuallyHiddenSx}>
                    Details
                  </Box>
                </TableCell>
                <TableCell>Username</TableCell>
                <TableCell>Display name</TableCell>
                <TableCell>E-mail</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Subscription</TableCell>
                {counts.map(({ key, label }) => (
                  <TableCell key={key} align="right" sx={{ whiteSpace: 'normal !important', width: 72, px: 0.75, lineHeight: 1.2, fontSize: '0.75rem' }}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {users === undefined && !isError ? (
                <LoadingRows colSpan={COLUMNS} label="Loading users" />
              ) : !users || users.length === 0 ? (
                <EmptyRow colSpan={COLUMNS} />
              ) : (
                users.map((user) => <UserRow key={user.id} user={user} />)
              )}
            </TableBody>
          </Table>
        </TableScroller>
        <TablePagination
          component="div"
          count={data?.total ?? 0}
          page={data ? Math.min(page - 1, Math.max(0, Math.ceil(data.total / BROKER_TABLE_PAGE_SIZE) - 1)) : 0}
          rowsPerPage={BROKER_TABLE_PAGE_SIZE}
          rowsPerPageOptions={[BROKER_TABLE_PAGE_SIZE]}
          onPageChange={(_, next) => onPageChange(next + 1)}
          showFirstButton
          showLastButton
        />
      </Paper>
    </>
  );
}
