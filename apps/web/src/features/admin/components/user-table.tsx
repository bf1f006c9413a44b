import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { USER_GRID_PAGE_SIZE } from '@market/shared';
import type { AdminUser } from '../api/get-users';
import { EmptyRow, headRowSx, LoadingRows, SelectAllCell, TableScroller } from './table-parts';

interface UserTableProps {
  users: AdminUser[] | undefined;
  total: number;
  /** 0-based, as TablePagination counts. */
  page: number;
  onPageChange: (page: number) => void;
  selected: ReadonlySet<number>;
  onToggle: (user: AdminUser) => void;
  onToggleAll: (users: AdminUser[], select: boolean) => void;
  onEdit: (user: AdminUser) => void;
}

const COLUMNS = 6;

/**
 * UserList grid: full name, e-mail, role, permission action; 10 per page from
 * the server, checkbox selection. Scrolls sideways on narrow screens.
 */
export function UserTable({ users, total, page, onPageChange, selected, onToggle, onToggleAll, onEdit }: UserTableProps) {
  const rows = users ?? [];
  return (
    <Paper variant="outlined">
      <TableScroller label="Users">
        <Table size="small" aria-label="Users" sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow sx={headRowSx}>
              <SelectAllCell ids={rows.map((r) => r.id)} selected={selected} label="Select all users on this page" onChange={(checked) => onToggleAll(rows, checked)} />
              <TableCell>Full name</TableCell>
              <TableCell>E-mail</TableCell>
              <TableCell>Role</TableCell>
              <TableCell>Subscription</TableCell>
              <TableCell align="right">Permission</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users === undefined ? (
              <LoadingRows colSpan={COLUMNS} label="Loading users" />
            ) : rows.length === 0 ? (
              <EmptyRow colSpan={COLUMNS} />
            ) : (
              rows.map((user) => {
                const checked = selected.has(user.id);
                return (
                  <TableRow key={user.id} hover selected={checked} data-testid={`user-row-${user.id}`}>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={checked}
                        onChange={() => onToggle(user)}
                        slotProps={{ input: { 'aria-label': `Select ${user.name}` } }}
                      />
                    </TableCell>
                    <TableCell sx={{ fontWeight: 600, minWidth: 140 }}>{user.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 200 }}>{user.email}</TableCell>
                    <TableCell>{user.role_label}</TableCell>
                    <TableCell>{user.subscription}</TableCell>
                    <TableCell align="right">
                      <IconButton aria-label={`Edit ${user.name} (${user.email})`} title="Edit permissions" onClick={() => onEdit(user)}>
                        <EditOutlinedIcon />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableScroller>
      <TablePagination
        component="div"
        count={total}
        page={page}
        rowsPerPage={USER_GRID_PAGE_SIZE}
        rowsPerPageOptions={[USER_GRID_PAGE_SIZE]}
        onPageChange={(_, next) => onPageChange(next)}
      />
    </Paper>
  );
}
