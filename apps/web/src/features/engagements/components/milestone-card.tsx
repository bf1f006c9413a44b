import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Engagement, formatCents, type Milestone, type MilestoneAction, milestoneFlow } from '@market/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SupportContact } from '@/features/contact';
import { formatDate } from '@/utils/format';
import { type useEngagementStep, useMilestoneCheckout } from '../api/engagement-steps';
import { StepFailure } from './step-failure';

type Step = ReturnType<typeof useEngagementStep>;

function Money({ m, commission }: { m: Milestone; commission: number }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, m: 0, '& dd': { m: 0, textAlign: 'right' } }}>
      <dt>Amount (client pays)</dt>
      <dd data-testid={`milestone-${m.id}-amount`}>{formatCents(m.amount_cents)}</dd>
      <dt>Commission ({commission}%)</dt>
      <dd>{formatCents(m.commission_cents)}</dd>
      <dt>Freelancer receives</dt>
      <dd data-testid={`milestone-${m.id}-net`}>{formatCents(m.freelancer_net_cents)}</dd>
    </Box>
  );
}

/** The client pays a milestone: the card processor's page, or a bank transfer with its reference (as the server allows). */
function Funding({ m, byCard }: { m: Milestone; byCard: boolean }) {
  const checkout = useMilestoneCheckout();
  const pay = m.payment_instructions;
  return (
    <Box sx={{ mt: 1 }}>
      {byCard ? (
        <Button variant="contained" onClick={() => checkout.mutate(m.id)} disabled={checkout.isPending || checkout.isSuccess}>
          {checkout.isPending || checkout.isSuccess ? 'Opening the payment page…' : `${milestoneFlow.actions.fund_by_card}: ${formatCents(m.amount_cents)}`}
        </Button>
      ) : null}
      {checkout.isSuccess ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          <Link href={checkout.data}>Continue to the payment page</Link>
        </Typography>
      ) : null}
      {pay ? (
        <Typography sx={{ mt: 1 }}>
          {byCard ? 'Or pay' : 'Pay'} <strong>{formatCents(pay.amount_cents)}</strong> by bank transfer quoting the reference{' '}
          <Box component="code" aria-label={`Payment reference of ${m.title}`} sx={{ fontFamily: 'ui-monospace, monospace', bgcolor: 'action.hover', px: 1, borderRadius: 1 }}>
            {pay.reference}
          </Box>
          .
        </Typography>
      ) : null}
      {pay ? (
        <Typography color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {pay.details}
        </Typography>
      ) : null}
      {pay ? <SupportContact lead="Questions about paying?" sx={{ mt: 1 }} /> : null}
      <StepFailure error={checkout.error} />
    </Box>
  );
}

/** One milestone: its state, its money to the cent, the viewer's next step and the buttons for it. */
export function MilestoneCard({ engagement: e, milestone: m, step }: { engagement: Engagement; milestone: Milestone; step: Step }) {
  const [mode, setMode] = useState<'none' | 'deliver' | 'approve' | 'cancel' | 'dispute'>('none');
  const [text, setText] = useState('');
  // The server says what this viewer may do now; the card offers exactly that.
  const can = (action: MilestoneAction) => m.allowed_actions.includes(action);
  const textForm = (label: string, action: 'deliver' | 'dispute', button: string) => (
    <Box
      component="form"
      noValidate
      aria-label={`${button}: ${m.title}`}
      sx={{ mt: 2, display: 'grid', gap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        const body = action === 'deliver' ? { note: text } : { reason: text };
        step.mutate({ step: action, milestoneId: m.id, body } as Parameters<Step['mutate']>[0], { onSuccess: () => setMode('none') });
      }}
    >
      <TextField label={label} value={text} onChange={(event) => setText(event.target.value)} multiline minRows={2} required />
      <Box>
        <Button type="submit" variant="contained" disabled={step.isPending}>
          {button}
        </Button>
      </Box>
    </Box>
  );

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`milestone-${m.position}`}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mr: 1 }}>
          {m.position}. {m.title}
        </Typography>
        <Chip size="small" label={m.status_label} data-testid={`milestone-${m.position}-status`} color={milestoneFlow.states[m.status].tone ?? 'default'} />
        <Typography variant="body2" color="text.secondary">
          due {formatDate(`${m.due_date}T12:00:00Z`)}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, mt: 1 }}>
        <Box>
          <Typography data-testid={`milestone-${m.position}-next`}>{m.next_step}</Typography>
          {m.delivery_note ? <Typography sx={{ mt: 1 }}>Delivered: “{m.delivery_note}”</Typography> : null}
          {m.dispute_reason ? <Typography sx={{ mt: 1 }}>Dispute: “{m.dispute_reason}”</Typography> : null}
          {m.resolution_note ? <Typography sx={{ mt: 1 }}>Decision: “{m.resolution_note}”</Typography> : null}
          {can('fund_by_card') || can('fund_by_bank_transfer') ? <Funding m={m} byCard={can('fund_by_card')} /> : null}
          <Stack direction="row" sx={{ mt: 1, flexWrap: 'wrap', gap: 1 }}>
            {can('deliver') ? (
              <Button variant="contained" onClick={() => setMode('deliver')}>
                {milestoneFlow.actions.deliver}
              </Button>
            ) : null}
            {can('approve') ? (
              <Button variant="contained" onClick={() => setMode('approve')}>
                {milestoneFlow.actions.approve}
              </Button>
            ) : null}
            {can('dispute') ? <Button onClick={() => setMode('dispute')}>{milestoneFlow.actions.dispute}</Button> : null}
            {can('cancel') ? (
              <Button color="error" onClick={() => setMode('cancel')}>
                {milestoneFlow.actions.cancel}
              </Button>
            ) : null}
          </Stack>
          {mode === 'deliver' ? textForm('What you delivered', 'deliver', milestoneFlow.actions.deliver) : null}
          {mode === 'dispute' ? textForm('What went wrong?', 'dispute', milestoneFlow.actions.dispute) : null}
        </Box>
        <Money m={m} commission={e.commission_percent} />
      </Box>
      <ConfirmDialog
        open={mode === 'approve'}
        title="Approve this delivery?"
        confirmLabel="Approve"
        pending={step.isPending}
        onClose={() => setMode('none')}
        onConfirm={() => step.mutate({ step: 'approve', milestoneId: m.id }, { onSettled: () => setMode('none') })}
      >
        {e.freelancer.first_name} is then paid {formatCents(m.freelancer_net_cents)} for “{m.title}”.
      </ConfirmDialog>
      <ConfirmDialog
        open={mode === 'cancel'}
        title="Cancel this milestone?"
        confirmLabel={milestoneFlow.actions.cancel}
        destructive
        pending={step.isPending}
        onClose={() => setMode('none')}
        onConfirm={() => step.mutate({ step: 'cancel', milestoneId: m.id }, { onSettled: () => setMode('none') })}
      >
        {m.paid_at ? `The client's ${formatCents(m.amount_cents)} is refunded.` : 'Nothing has been paid for it.'}
      </ConfirmDialog>
    </Paper>
  );
}
