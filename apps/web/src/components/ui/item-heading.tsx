import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';

/** The heading of an order's or a lease's page: the domain's name and the state it is in. */
export function ItemHeading({ title, status, tone, statusTestId }: { title: string; status: string; tone: ChipProps['color']; statusTestId: string }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere', mr: 1 }}>
        {title}
      </Typography>
      <Chip label={status} color={tone ?? 'primary'} data-testid={statusTestId} />
    </Box>
  );
}
