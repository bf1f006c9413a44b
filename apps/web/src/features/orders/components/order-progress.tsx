import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import type { DealStatus } from '@market/shared';
import type { Order } from '../api/get-orders';

const steps = ['Payment', 'Funds held', 'Transfer', 'Received', 'Seller paid'] as const;

/** How far along the happy path an order is (-1: it left the path). */
function stepOf(status: DealStatus): number {
  switch (status) {
    case 'awaiting_payment':
      return 0;
    case 'paid':
      return 2;
    case 'transfer_in_progress':
      return 3;
    case 'confirmed':
      return 4;
    case 'completed':
      return 5;
    default:
      return -1;
  }
}

/** The deal's five steps, the current one marked; a cancelled, disputed or refunded order shows none active. */
export function OrderProgress({ order }: { order: Order }) {
  const active = stepOf(order.status);
  if (active < 0) return null;
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ my: 3, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }} aria-label="Order progress">
      {steps.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
