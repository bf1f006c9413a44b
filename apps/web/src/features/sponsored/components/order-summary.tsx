import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDollarsWithCents, SPONSORED_PERIOD_DAYS } from '@market/shared';
import type { SelectionLine } from '../utils/selection';

interface OrderSummaryProps {
  lines: SelectionLine[];
  total: number;
  error: string | null;
  pending: boolean;
  onPlace: () => void;
}

/** The fourth panel: what is ticked, priced per listing, and "Place your order". */
export function OrderSummary({ lines, total, error, pending, onPlace }: OrderSummaryProps) {
  const headingId = useId();
  const chosen = lines.filter((line) => line.quantity > 0);
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Box sx={{ px: 2, py: 1.5, bgcolor: 'secondary.main', color: 'secondary.contrastText' }}>
        <Typography id={headingId} variant="h6" component="h2">
          Your order
        </Typography>
        <Typography variant="body2">Each headline runs {SPONSORED_PERIOD_DAYS} days</Typography>
      </Box>
      <Box sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {chosen.length === 0 ? (
          <Typography color="text.secondary">Nothing selected yet. Tick the domains you want to sponsor.</Typography>
        ) : (
          <Table size="small" aria-label="Selected headlines" sx={{ '& td': { px: 0.5 } }}>
            <TableBody>
              {chosen.map((line) => (
                <TableRow key={line.category} data-testid={`summary-${line.category}`}>
                  <TableCell component="th" scope="row">
                    {line.category}
                    <Typography variant="body2" color="text.secondary">
                      {line.quantity} × {formatDollarsWithCents(line.unit_price)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatDollarsWithCents(line.sub_total)}</TableCell>
                </TableRow>
              ))}
              <TableRow>
                <TableCell component="th" scope="row" sx={{ fontWeight: 700, borderBottom: 0 }}>
                  Total
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 700, borderBottom: 0 }} data-testid="summary-total">
                  {formatDollarsWithCents(total)}
                </TableCell>
              </TableRow>
            </TableBody>
          </Table>
        )}
        {error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button variant="contained" size="large" fullWidth onClick={onPlace} loading={pending}>
          Place your order
        </Button>
        <Typography variant="body2" color="text.secondary">
          You review the cart and pay on the next page.
        </Typography>
      </Box>
    </Paper>
  );
}
