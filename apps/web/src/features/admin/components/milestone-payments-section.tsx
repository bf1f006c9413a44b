import { type FormEvent, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type AdminMilestone, dealMessages, formatCents, type MilestoneStatus } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { amountFieldText, parseCents } from '@/utils/money';
import { type MilestoneAdminStep, useMilestones, useRecordMilestoneStep } from '../api/milestones';
import { adminText } from '../utils/constants';
import { fullName } from '../utils/format';
import { ListTable } from './table-parts';

type Step = MilestoneAdminStep['step'];

/** The admin's one step on a milestone in each status; the others belong to the parties or the clock. */
const stepOf: Partial<Record<MilestoneStatus, Step>> = { awaiting_funding: 'payment', approved: 'payout', refund_due: 'refund', disputed: 'resolve' };
const stepLabels: Record<Step, string> = { payment: 'Record payment', payout: 'Record payout', refund: 'Record refund', resolve: 'Resolve dispute' };

const COLUMNS = [
  { label: 'Reference' },
  { label: 'Milestone' },
  { label: 'Client' },
  { label: 'Freelancer' },
  { label: 'Status' },
  { label: 'Amount', align: 'right' },
  { label: 'Freelancer net', align: 'right' },
  { label: 'Actions', align: 'right' },
] as const;

function what(m: AdminMilestone, step: Step): string {
  if (step === 'payment') return `Record the bank transfer of ${formatCents(m.amount_cents)} from ${fullName(m.client)}, quoting ${m.payment_reference}. It is then held until the client approves the work.`;
  if (step === 'payout') return `Send ${formatCents(m.freelancer_net_cents)} to ${fullName(m.freelancer)} (the amount less ${formatCents(m.commission_cents)} commission), then record your transfer's reference.`;
  if (step === 'refund') return `Send ${formatCents(m.amount_cents)} back to ${fullName(m.client)}, then record your transfer's reference.`;
  return `${fullName(m.client)} and ${fullName(m.freelancer)} disagree: “${m.dispute_reason ?? ''}”. Refund the client or release the money to the freelancer, with a note both see.`;
}

function StepDialog({ milestone: m, step, onClose }: { milestone: AdminMilestone; step: Step; onClose: () => void }) {
  const titleId = useId();
  const record = useRecordMilestoneStep();
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState(amountFieldText(m.amount_cents));
  const [decision, setDecision] = useState<'refund' | 'release'>('release');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    let body: MilestoneAdminStep;
    if (step === 'resolve') {
      if (!note.trim()) return setProblem(dealMessages.noteRequired);
      body = { step, body: { decision, note: note.trim() } };
    } else {
      if (!reference.trim()) return setProblem(dealMessages.referenceRequired);
      if (step === 'payment') {
        const cents = parseCents(amount);
        if (cents === null) return setProblem(adminText.amountInvalid);
        body = { step, body: { reference: reference.trim(), amount_cents: cents } };
      } else body = { step, body: { reference: reference.trim() } };
    }
    setProblem(null);
    record.mutate(
      { id: m.id, step: body },
      {
        onSuccess: () => {
          toast.success(`${stepLabels[step]}: done`, `${m.engagement_title}: ${m.title}`);
          onClose();
        },
      },
    );
  };
  const failure = problem ?? (record.error ? (isApiError(record.error) ? record.error.firstError('amount_cents', 'reference', 'note') : undefined) ?? serverMessage(record.error) ?? 'Something went wrong.' : null);
  return (
    <Dialog open onClose={record.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {stepLabels[step]}: {m.title}
        </DialogTitle>
        <DialogContent>
          {failure ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {failure}
            </Alert>
          ) : null}
          <Typography sx={{ mb: 2 }}>{what(m, step)}</Typography>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {step === 'resolve' ? (
              <>
                <TextField select label="Decision" value={decision} onChange={(e) => setDecision(e.target.value as 'refund' | 'release')}>
                  <MenuItem value="release">Release to the freelancer</MenuItem>
                  <MenuItem value="refund">Refund the client</MenuItem>
                </TextField>
                <TextField label="Note both parties see" value={note} onChange={(e) => setNote(e.target.value)} multiline required />
              </>
            ) : (
              <TextField label="Bank reference" required autoFocus autoComplete="off" value={reference} onChange={(e) => setReference(e.target.value)} />
            )}
            {step === 'payment' ? (
              <TextField
                label="Amount received"
                required
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
                slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
                helperText={`Dollars and cents. The milestone's amount is ${formatCents(m.amount_cents)}.`}
              />
            ) : null}
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={record.isPending}>
            {record.isPending ? 'Saving…' : stepLabels[step]}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/**
 * Freelance milestones with money for the admin to record: client payments that arrived by bank,
 * payouts and refunds due, and disputes to settle. The held balance above counts them.
 */
export function MilestonePaymentsSection() {
  const headingId = useId();
  const milestones = useMilestones();
  const [open, setOpen] = useState<{ milestone: AdminMilestone; step: Step } | null>(null);
  const actionable = { data: milestones.data?.filter((m) => stepOf[m.status] !== undefined), error: milestones.error, isError: milestones.isError, refetch: milestones.refetch };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Freelance milestones to record
      </Typography>
      <ListTable
        stacked
        label="Freelance milestones to record"
        minWidth={900}
        dense
        columns={COLUMNS}
        query={actionable}
        loadingLabel="Loading milestones"
        emptyHint="No milestone is waiting for a payment, payout, refund or decision."
        row={(m) => {
          const step = stepOf[m.status];
          return (
            <TableRow hover key={m.id} data-testid={`milestone-row-${m.id}`}>
              <TableCell data-label="Reference" sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace' }}>
                {m.payment_reference}
              </TableCell>
              <TableCell data-label="Milestone" sx={{ overflowWrap: 'anywhere' }}>
                {m.engagement_title}: {m.title}
              </TableCell>
              <TableCell data-label="Client">{fullName(m.client)}</TableCell>
              <TableCell data-label="Freelancer">{fullName(m.freelancer)}</TableCell>
              <TableCell data-label="Status">{m.status_label}</TableCell>
              <TableCell data-label="Amount" align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCents(m.amount_cents)}
              </TableCell>
              <TableCell data-label="Freelancer net" align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCents(m.freelancer_net_cents)}
              </TableCell>
              <TableCell data-label="Actions" align="right">
                {step ? (
                  <Button size="small" variant="contained" sx={{ whiteSpace: 'nowrap' }} aria-label={`${stepLabels[step]} of milestone ${m.payment_reference}`} onClick={() => setOpen({ milestone: m, step })}>
                    {stepLabels[step]}
                  </Button>
                ) : null}
              </TableCell>
            </TableRow>
          );
        }}
      />
      {open ? <StepDialog milestone={open.milestone} step={open.step} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
