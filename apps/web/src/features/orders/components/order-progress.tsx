import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { orderFlow } from '@market/shared';
import type { Order } from '../api/get-orders';

/** The deal's steps to completion, the current one marked (the order flow says how far each state is); off that way, none. */
export function OrderProgress({ order }: { order: Order }) {
  const active = orderFlow.states[order.status].progress;
  if (active === undefined) return null;
  return (
    <Stepper activeStep={active} alternativeLabel sx={{ my: 3, '& .MuiStepLabel-label': { fontSize: { xs: '0.75rem', sm: '0.875rem' } } }} aria-label="Order progress">
      {(orderFlow.progressSteps ?? []).map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
