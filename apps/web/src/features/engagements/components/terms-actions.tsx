import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Engagement, formatCents } from '@market/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useEngagementStep } from '../api/engagement-steps';
import { ProposeTermsForm } from './propose-terms-form';
import { StepFailure } from './step-failure';

/**
 * Before the terms are agreed: the freelancer accepts the request, declines it with a reason or
 * proposes other terms; the client accepts a proposal or withdraws. Each party sees only their moves.
 */
export function TermsActions({ engagement: e }: { engagement: Engagement }) {
  const step = useEngagementStep(e.id);
  const [mode, setMode] = useState<'none' | 'propose' | 'decline' | 'accept' | 'withdraw'>('none');
  const [reason, setReason] = useState('');
  const total = formatCents(e.budget_cents);
  const open = e.status === 'requested' || e.status === 'proposed';
  if (!open) return null;
  const freelancerTurn = e.role === 'freelancer' && e.status === 'requested';
  const clientTurn = e.role === 'client' && e.status === 'proposed';

  return (
    <Box sx={{ mt: 2 }}>
      {freelancerTurn ? (
        <Typography>
          {e.client.first_name} asks for {total} by {e.deadline}. Accept these terms, propose others, or decline.
        </Typography>
      ) : clientTurn ? (
        <Typography>
          {e.freelancer.first_name} proposes {total} in {e.milestones.length} milestone(s) by {e.deadline}. Accept to start, or withdraw the request.
        </Typography>
      ) : (
        <Typography color="text.secondary">{e.role === 'client' ? 'Waiting for the freelancer to answer.' : 'Waiting for the client to answer your proposal.'}</Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', gap: 1 }}>
        {freelancerTurn || clientTurn ? (
          <Button variant="contained" onClick={() => setMode('accept')} disabled={step.isPending}>
            Accept the terms
          </Button>
        ) : null}
        {e.role === 'freelancer' ? (
          <>
            <Button variant="outlined" onClick={() => setMode('propose')} disabled={step.isPending}>
              {e.status === 'proposed' ? 'Change the proposal' : 'Propose other terms'}
            </Button>
            <Button color="error" onClick={() => setMode('decline')} disabled={step.isPending}>
              Decline
            </Button>
          </>
        ) : (
          <Button color="error" onClick={() => setMode('withdraw')} disabled={step.isPending}>
            Withdraw the request
          </Button>
        )}
      </Stack>
      {mode === 'propose' ? <ProposeTermsForm engagement={e} step={step} onDone={() => setMode('none')} /> : null}
      {mode === 'decline' ? (
        <Box
          component="form"
          noValidate
          aria-label="Decline the request"
          sx={{ mt: 2, display: 'grid', gap: 1 }}
          onSubmit={(event) => {
            event.preventDefault();
            step.mutate({ step: 'decline', body: { reason } }, { onSuccess: () => setMode('none') });
          }}
        >
          <TextField label="Why you decline" value={reason} onChange={(event) => setReason(event.target.value)} multiline required />
          <Box>
            <Button type="submit" color="error" variant="contained" disabled={step.isPending}>
              Decline the request
            </Button>
          </Box>
        </Box>
      ) : null}
      <ConfirmDialog
        open={mode === 'accept'}
        title="Accept these terms?"
        confirmLabel="Accept"
        pending={step.isPending}
        onClose={() => setMode('none')}
        onConfirm={() => step.mutate({ step: 'accept', body: { terms_version: e.terms_version } }, { onSettled: () => setMode('none') })}
      >
        {e.milestones.length} milestone(s), {total} in all, by {e.deadline}. {e.role === 'client' ? 'You then fund each milestone before its work starts.' : 'The client then funds each milestone before you start it.'}
      </ConfirmDialog>
      <ConfirmDialog
        open={mode === 'withdraw'}
        title="Withdraw this request?"
        confirmLabel="Withdraw"
        destructive
        pending={step.isPending}
        onClose={() => setMode('none')}
        onConfirm={() => step.mutate({ step: 'withdraw' }, { onSettled: () => setMode('none') })}
      >
        The freelancer is told, and the request closes.
      </ConfirmDialog>
      <StepFailure error={step.error} />
    </Box>
  );
}
