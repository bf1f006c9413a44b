import { type FormEvent, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Engagement, engagementMessages as em, formatCents, MAX_MILESTONES, sumCents } from '@market/shared';
import Alert from '@mui/material/Alert';
import type { useEngagementStep } from '../api/engagement-steps';
import { amountFieldText, parseCents } from '@/utils/money';
import { type MilestoneDraft, readMilestones } from '../utils';

/** The freelancer's other terms: milestones (title, amount, due date) and the deadline. */
export function ProposeTermsForm({ engagement, step, onDone }: { engagement: Engagement; step: ReturnType<typeof useEngagementStep>; onDone: () => void }) {
  const [drafts, setDrafts] = useState<MilestoneDraft[]>(
    engagement.milestones.map((m) => ({ title: m.title, amount: amountFieldText(m.amount_cents), due_date: m.due_date })),
  );
  const [deadline, setDeadline] = useState(engagement.deadline);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const total = sumCents(drafts.flatMap((d) => parseCents(d.amount) ?? []));
  const change = (i: number, patch: Partial<MilestoneDraft>) => setDrafts((list) => list.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readMilestones(drafts);
    if ('error' in read) return setProblem(read.error);
    if (!deadline) return setProblem(em.deadlineInvalid);
    setProblem(null);
    step.mutate({ step: 'propose', body: { deadline, milestones: read.milestones, ...(note.trim() ? { note: note.trim() } : {}) } }, { onSuccess: onDone });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Propose other terms" sx={{ mt: 2 }}>
      <Stack spacing={2}>
        {drafts.map((d, i) => (
          <Box key={i} role="group" aria-label={`Milestone ${i + 1}`} sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 1fr auto' }, alignItems: 'start' }}>
            <TextField size="small" label={`Milestone ${i + 1} title`} value={d.title} onChange={(e) => change(i, { title: e.target.value })} />
            <TextField
              size="small"
              label={`Milestone ${i + 1} amount`}
              value={d.amount}
              onChange={(e) => change(i, { amount: e.target.value })}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField size="small" type="date" label={`Milestone ${i + 1} due`} value={d.due_date} onChange={(e) => change(i, { due_date: e.target.value })} slotProps={{ inputLabel: { shrink: true } }} />
            <Button onClick={() => setDrafts((list) => list.filter((_, j) => j !== i))} disabled={drafts.length === 1} aria-label={`Remove milestone ${i + 1}`}>
              Remove
            </Button>
          </Box>
        ))}
        <Box>
          <Button onClick={() => setDrafts((list) => [...list, { title: '', amount: '', due_date: deadline }])} disabled={drafts.length >= MAX_MILESTONES}>
            Add a milestone
          </Button>
        </Box>
        <TextField size="small" type="date" label="Deadline" value={deadline} onChange={(e) => setDeadline(e.target.value)} slotProps={{ inputLabel: { shrink: true } }} />
        <TextField size="small" label="Note to the client (optional)" value={note} onChange={(e) => setNote(e.target.value)} multiline />
        <Typography>
          Total: <strong data-testid="proposal-total">{formatCents(total)}</strong>. You receive each milestone less our {engagement.commission_percent}% commission.
        </Typography>
        {problem ? <Alert severity="error">{problem}</Alert> : null}
        <Box>
          <Button type="submit" variant="contained" disabled={step.isPending}>
            {step.isPending ? 'Sending…' : 'Send the proposal'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
