import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { type AdminMilestone, dealMessages, formatCents, milestoneFlow, type PaymentCommand } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { submitOnlyValidation, textFieldProps, validatorResolver } from '@/lib/form';
import { useMilestones, useRecordMilestoneStep } from '../api/milestones';
import { type AdminStepAction, adminStepsOf, type BankAction, bankSteps, type DisputeAction, disputeDecisions, isBankAction, itemKey } from '../utils/finance';
import { fullName } from '../utils/format';
import { BANK_RECORD_FIELDS, bankRecordBody, BankRecordFields, useBankRecordForm } from './bank-record-fields';
import { AmountLine, showStepFailure, StepDialog } from './order-step-dialog';
import { DisputeReason } from './resolve-dispute-dialog';
import { ActionStack, CellLines, ReferenceLine, StatusWithNextStep, StepButtons } from './step-buttons';
import { ActionsCell, ListTable } from './table-parts';

const COLUMNS = [
  { label: 'Milestone' },
  { label: 'Client' },
  { label: 'Freelancer' },
  { label: 'Status and next step' },
  { label: 'Amount', align: 'right' },
  { label: 'Freelancer net', align: 'right' },
  { label: 'Actions', align: 'right' },
] as const;

const titleOf = (m: AdminMilestone, action: AdminStepAction) => `${milestoneFlow.actions[action]}: ${m.title}`;
const announceDone = (m: AdminMilestone, action: AdminStepAction) => toast.success(`${milestoneFlow.actions[action]}: done`, `${m.engagement_title}: ${m.title}`);

/** What the admin does at the bank before recording the step. */
function bankInstructions(m: AdminMilestone, action: BankAction): string {
  if (action === 'record_payment') return `Record the bank transfer of ${formatCents(m.amount_cents)} from ${fullName(m.client)}, quoting ${m.payment_reference}. It is then held until the client approves the work.`;
  if (action === 'record_payout') return `Send ${fullName(m.freelancer)} the amount less ${formatCents(m.commission_cents)} commission, then record your transfer's reference.`;
  return `This refund goes back by hand, not through the card processor: send the amount back to ${fullName(m.client)} by bank transfer, then record its reference.`;
}

/** Money moved at the bank for a milestone: the client's payment (checked against its amount), the payout, or a refund by hand. */
function BankDialog({ milestone: m, action, onClose }: { milestone: AdminMilestone; action: BankAction; onClose: () => void }) {
  const record = useRecordMilestoneStep();
  const payment = action === 'record_payment';
  const form = useBankRecordForm(payment ? m.amount_cents : null);
  const onSubmit = form.handleSubmit((values) =>
    record.mutate(
      { id: m.id, step: { step: bankSteps[action], body: bankRecordBody(values, payment) } },
      {
        onSuccess: () => {
          announceDone(m, action);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, BANK_RECORD_FIELDS),
      },
    ),
  );
  return (
    <StepDialog title={titleOf(m, action)} submitLabel={milestoneFlow.actions[action]} form={form} pending={record.isPending} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <Typography sx={{ mb: 2 }}>{bankInstructions(m, action)}</Typography>
      {action === 'record_payout' ? <AmountLine label="Freelancer net to send" cents={m.freelancer_net_cents} /> : null}
      {action === 'record_refund' ? <AmountLine label="Amount to send back" cents={m.amount_cents} /> : null}
      <Box sx={{ display: 'grid', gap: 2 }}>
        <BankRecordFields form={form} expectedCents={payment ? m.amount_cents : null} expectedLabel="The milestone’s amount" />
      </Box>
    </StepDialog>
  );
}

/** Settles a milestone's dispute the way the admin chose on its row, with a note both parties see. */
function ResolveDialog({ milestone: m, action, onClose }: { milestone: AdminMilestone; action: DisputeAction; onClose: () => void }) {
  const record = useRecordMilestoneStep();
  const form = useForm<{ note: string }>({
    defaultValues: { note: '' },
    resolver: validatorResolver((values: { note: string }) => (values.note.trim() ? {} : { note: dealMessages.noteRequired })),
    ...submitOnlyValidation,
  });
  const onSubmit = form.handleSubmit(({ note }) =>
    record.mutate(
      { id: m.id, step: { step: 'resolve', body: { decision: disputeDecisions[action], note: note.trim() } } },
      {
        onSuccess: () => {
          announceDone(m, action);
          onClose();
        },
        onError: (error) => showStepFailure(form, error, ['note'] as const),
      },
    ),
  );
  const release = action === 'resolve_release';
  return (
    <StepDialog title={titleOf(m, action)} submitLabel={milestoneFlow.actions[action]} form={form} pending={record.isPending} onSubmit={(event) => void onSubmit(event)} onClose={onClose}>
      <DisputeReason reason={m.dispute_reason} />
      <Typography sx={{ mb: 2 }}>
        {release
          ? `${fullName(m.freelancer)} is owed the payout: record it here once you have sent it.`
          : `${fullName(m.client)} is refunded: a card payment goes back through the card processor on its own (it shows under Payment commands until the processor confirms it); a bank transfer you send back and record.`}
      </Typography>
      <AmountLine label={release ? 'Payout due to the freelancer' : 'Refund due to the client'} cents={release ? m.freelancer_net_cents : m.amount_cents} />
      <TextField
        label="Note to both parties"
        required
        multiline
        minRows={3}
        {...textFieldProps(form, 'note')}
        helperText={form.formState.errors.note?.message ?? 'The client and the freelancer both see this note.'}
      />
    </StepDialog>
  );
}

/**
 * Freelance milestones that need the admin: a step to take now (client payments that arrived by
 * bank, payouts and refunds by hand, disputes to settle) or a refund on its way through the card
 * processor. The held balance above counts them.
 */
export function MilestonePaymentsSection({ commandOf }: { commandOf: ReadonlyMap<string, PaymentCommand> }) {
  const headingId = useId();
  const milestones = useMilestones();
  const [open, setOpen] = useState<{ milestone: AdminMilestone; action: AdminStepAction } | null>(null);
  // The server says what the admin does or waits for; a milestone with neither is not the admin's.
  const needingAdmin = { ...milestones, data: milestones.data?.filter((m) => m.allowed_actions.length > 0 || m.next_step !== '') };
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        Freelance milestones to record
      </Typography>
      <ListTable
        stacked
        label="Freelance milestones to record"
        minWidth={940}
        dense
        columns={COLUMNS}
        query={needingAdmin}
        loadingLabel="Loading milestones"
        emptyHint="No milestone is waiting for a payment, payout, refund or decision."
        row={(m) => (
          <TableRow hover key={m.id} data-testid={`milestone-row-${m.id}`}>
            <TableCell data-label="Milestone" component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: { sm: 150 } }}>
              <CellLines>
                {m.engagement_title}: {m.title}
                <ReferenceLine reference={m.payment_reference} />
              </CellLines>
            </TableCell>
            <TableCell data-label="Client">{fullName(m.client)}</TableCell>
            <TableCell data-label="Freelancer">{fullName(m.freelancer)}</TableCell>
            <TableCell data-label="Status" sx={{ minWidth: { sm: 200 } }}>
              <StatusWithNextStep label={m.status_label} nextStep={m.next_step} command={commandOf.get(itemKey({ item_kind: 'milestone', item_id: m.id }))} />
            </TableCell>
            <TableCell data-label="Amount" align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatCents(m.amount_cents)}
            </TableCell>
            <TableCell data-label="Freelancer net" align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatCents(m.freelancer_net_cents)}
            </TableCell>
            <ActionsCell empty={adminStepsOf(m.allowed_actions).length === 0}>
              <ActionStack>
                <StepButtons
                  actions={adminStepsOf(m.allowed_actions)}
                  labels={milestoneFlow.actions}
                  subject={`milestone ${m.payment_reference}`}
                  onStep={(action) => setOpen({ milestone: m, action })}
                />
              </ActionStack>
            </ActionsCell>
          </TableRow>
        )}
      />
      {open && isBankAction(open.action) ? <BankDialog milestone={open.milestone} action={open.action} onClose={() => setOpen(null)} /> : null}
      {open && !isBankAction(open.action) ? <ResolveDialog milestone={open.milestone} action={open.action} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}
