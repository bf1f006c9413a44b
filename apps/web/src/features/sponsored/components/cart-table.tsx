import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDollarsWithCents, type SponsoredCart as Cart } from '@market/shared';

/** The checkout's cart table: a line per category with its domains, quantity, prices and the total. */
export function CartTable({ cart }: { cart: Cart }) {
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table
        aria-label="Your cart"
        sx={{ '& th, & td': { px: { xs: 1, sm: 2 } }, '& tfoot td, & tfoot th': { color: 'text.primary', fontSize: '1rem', fontWeight: 700, borderBottom: 0 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell align="right">Quantity</TableCell>
            <TableCell align="right">Unit price</TableCell>
            <TableCell align="right">Sub total</TableCell>
          </TableRow>
        </TableHead>
        {/* One body per line: the line's figures, then its domains across the full width. */}
        {cart.category.map((line) => (
          <TableBody key={line.name} data-testid={`cart-line-${line.name}`}>
            <TableRow sx={line.domains.length > 0 ? { '& th, & td': { borderBottom: 0, pb: 0.5 } } : undefined}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {line.name}
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">{formatDollarsWithCents(line.unit_price)}</TableCell>
              <TableCell align="right">{formatDollarsWithCents(line.sub_total)}</TableCell>
            </TableRow>
            {line.domains.length > 0 ? (
              <TableRow>
                <TableCell colSpan={4} sx={{ pt: 0 }}>
                  <Box
                    component="ul"
                    aria-label={`${line.name} domains`}
                    sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: '0.875rem', overflowWrap: 'anywhere' }}
                  >
                    {line.domains.map((domain) => (
                      <li key={domain.id}>{domain.domain_name}</li>
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        ))}
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" colSpan={3}>
              Total
            </TableCell>
            <TableCell align="right" data-testid="cart-total">
              {formatDollarsWithCents(cart.total_amount)}
            </TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}
