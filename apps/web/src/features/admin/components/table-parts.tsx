import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { emptyTableMessage } from '@market/shared';
import { stackedTableSx } from '@/components/ui/stacked-table';
import { visuallyHiddenSx } from '@/components/ui/visually-hidden';
import { failureMessage } from '../utils/format';


/** Header cells: bold, one line, a light band. */
export const headRowSx = { '& th': { fontWeight: 700, whiteSpace: 'nowrap', bgcolor: 'grey.50' } } as const;

/** One labelled value of a details list (inside a <dl>). */
export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Full-width row for "nothing here" ('No records to display', emptyTableMessage). */
export function EmptyRow({ colSpan, hint }: { colSpan: number; hint?: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} data-full-row="" sx={{ py: 5, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>{emptyTableMessage}</Typography>
        {hint ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {hint}
          </Typography>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

export function LoadingRows({ colSpan, label, rows = 3 }: { colSpan: number; label: string; rows?: number }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <TableRow key={i}>
          <TableCell colSpan={colSpan}>
            {i === 0 ? (
              <Box component="span" sx={visuallyHiddenSx}>
                {label}
              </Box>
            ) : null}
            <Skeleton aria-hidden="true" />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

export function QueryError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {failureMessage(error)}
    </Alert>
  );
}

/**
 * Wide tables scroll sideways inside their card (never the page) from 360 px up. The scroller
 * is focusable so keyboard users can scroll it too (axe: scrollable-region-focusable).
 */
export function TableScroller({ label, stacked, children }: { label: string; stacked?: boolean; children: ReactNode }) {
  return (
    <>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={`${label} (scrollable)`}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: '3px solid #f5a623', outlineOffset: -3 } }}
      >
        {children}
      </TableContainer>
      <Typography
        aria-hidden="true"
        variant="caption"
        color="text.secondary"
        // A stacked table has no hidden columns on phones, only between them and desktops.
        sx={{ display: { xs: stacked ? 'none' : 'block', sm: 'block', md: 'none' }, px: 2, py: 0.75, borderTop: 1, borderColor: 'divider' }}
      >
        Swipe sideways to see every column.
      </Typography>
    </>
  );
}

export interface ListColumn {
  label: string;
  align?: 'right';
}

/** What a list table reads of a query: its rows once loaded, and its failure with a way to try again. */
export interface ListQuery<T> {
  data: T[] | undefined;
  error: unknown;
  isError: boolean;
  refetch: () => unknown;
}

interface ListTableProps<T> {
  /** Names the table and its scroll region. */
  label: string;
  minWidth: number;
  columns: readonly ListColumn[];
  query: ListQuery<T>;
  loadingLabel: string;
  emptyHint?: ReactNode;
  /** One <TableRow> per item. */
  row: (item: T) => ReactNode;
  /** Cards on phones (stackedTableSx): every body cell of `row` then needs data-label. */
  stacked?: boolean;
  /** Half the cells' side padding from 600 px up, for tables with many columns. */
  dense?: boolean;
}

/**
 * A read-only admin list: the query's error with a retry, then a card with a sideways-scrolling
 * table showing loading rows, 'No records to display', or a row per item.
 */
export function ListTable<T>({ label, minWidth, columns, query, loadingLabel, emptyHint, row, stacked, dense }: ListTableProps<T>) {
  const { data, error, isError, refetch } = query;
  const sx = {
    minWidth: stacked ? { sm: minWidth } : minWidth,
    ...(dense ? { '& td, & th': { px: { sm: 1 } } } : {}),
    // A card leaves out a cell with nothing in it (an actions cell on an item with no step) rather than a bare label.
    ...(stacked ? { '& tbody td[data-empty]': { display: { xs: 'none', sm: 'table-cell' } } } : {}),
  };
  return (
    <>
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <Paper variant="outlined">
        <TableScroller label={label} stacked={stacked}>
          <Table size="small" aria-label={label} sx={stacked ? [sx, ...(Array.isArray(stackedTableSx) ? stackedTableSx : [stackedTableSx])] : sx}
          >
            <TableHead>
              <TableRow sx={headRowSx}>
                {columns.map((c) => (
                  <TableCell key={c.label} align={c.align}>
                    {c.label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data === undefined && !isError ? (
                <LoadingRows colSpan={columns.length} label={loadingLabel} />
              ) : !data || data.length === 0 ? (
                <EmptyRow colSpan={columns.length} hint={emptyHint} />
              ) : (
                data.map(row)
              )}
            </TableBody>
          </Table>
        </TableScroller>
      </Paper>
    </>
  );
}

/** The actions cell of a row; `empty` when the item offers no step now, which a phone's card then leaves out. */
export function ActionsCell({ empty, children }: { empty: boolean; children: ReactNode }) {
  return (
    <TableCell data-label="Actions" align="right" data-empty={empty || undefined}>
      {children}
    </TableCell>
  );
}

/** The bar above a table with row checkboxes: how many rows are selected, and what to do with them. */
export function SelectionBar({ label, selected, summary, children }: { label: string; selected: number; summary: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1.5,
        px: 2,
        py: 1.5,
        mb: 2,
        borderRadius: 1,
        bgcolor: selected > 0 ? 'rgba(11, 61, 145, 0.06)' : 'grey.100',
      }}
    >
      <Typography aria-live="polite" sx={{ fontWeight: 600, mr: 'auto' }} data-testid="selection-count">
        {summary}
      </Typography>
      {children}
    </Box>
  );
}

/** The header checkbox of a selectable table: checked when every row of the page is, mixed when some are. */
export function SelectAllCell({ ids, selected, label, onChange }: { ids: number[]; selected: ReadonlySet<number>; label: string; onChange: (checked: boolean) => void }) {
  const checked = ids.filter((id) => selected.has(id)).length;
  const all = ids.length > 0 && checked === ids.length;
  return (
    <TableCell padding="checkbox">
      <Checkbox
        checked={all}
        indeterminate={checked > 0 && !all}
        disabled={ids.length === 0}
        onChange={(event) => onChange(event.target.checked)}
        slotProps={{ input: { 'aria-label': label } }}
      />
    </TableCell>
  );
}
