import { type FormEvent, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { engagementMessages as em, type Freelancer, publicName } from '@market/shared';
import { useNavigate } from 'react-router';
import { DateField } from '@/components/ui/date-field';
import { MoneyField } from '@/components/ui/money-field';
import { toast } from '@/components/ui/toast';
import { DomainChoiceField, domainChoiceBody } from '@/features/portfolio';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { useCreateEngagement } from '../api/create-engagement';
import { parseCents } from '@/utils/money';

/**
 * "Send a request": what the client needs, the budget and the deadline, optionally about a domain
 * they own or are buying. Sent, it opens the request's page; the freelancer answers there.
 */
export function SendRequestDialog({ freelancer, open, onClose }: { freelancer: Freelancer; open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const navigate = useNavigate();
  const create = useCreateEngagement();
  const [title, setTitle] = useState('');
  const [brief, setBrief] = useState('');
  const [budget, setBudget] = useState('');
  const [deadline, setDeadline] = useState('');
  const [domain, setDomain] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const serverError = (field: string) => (isApiError(create.error) ? create.error.firstError(field) : undefined);
  const error = (field: string) => errors[field] ?? serverError(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const budgetCents = parseCents(budget);
    const found: Record<string, string> = {};
    if (!title.trim()) found.title = em.titleRequired;
    if (!brief.trim()) found.brief = em.briefRequired;
    if (budgetCents === null) found.budget_cents = em.amountInvalid;
    if (!deadline) found.deadline = em.deadlineInvalid;
    setErrors(found);
    if (Object.keys(found).length > 0 || budgetCents === null) return;
    create.mutate(
      { freelancer_id: freelancer.id, title: title.trim(), brief: brief.trim(), budget_cents: budgetCents, deadline, ...domainChoiceBody(domain) },
      {
        onSuccess: (engagement) => {
          toast.success(em.requestSent, `${publicName(freelancer)} answers on the request's page.`);
          onClose();
          void navigate(`/engagements/${engagement.id}`);
        },
      },
    );
  };
  const fieldNames = ['title', 'brief', 'budget_cents', 'deadline', 'domain_id', 'order_id'];
  const failed = create.error;
  const inFields = isApiError(failed) && fieldNames.some((f) => failed.firstError(f));
  const other = failed && !inFields ? (serverMessage(failed) ?? 'Something went wrong. Nothing was sent; please try again.') : null;

  return (
    <Dialog open={open} onClose={create.isPending ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form noValidate onSubmit={submit} aria-label="Send a request">
        <DialogTitle id={titleId}>
          Send a request to {publicName(freelancer)}
        </DialogTitle>
        <DialogContent>
          {other ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {other}
            </Alert>
          ) : null}
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            They can accept, decline or propose other terms. Nothing is paid until you both agree; then you fund each milestone, and we hold the money until you
            approve the work.
          </Typography>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <TextField label="Title" required value={title} onChange={(e) => setTitle(e.target.value)} error={Boolean(error('title'))} helperText={error('title')} autoFocus />
            <TextField
              label="What you need"
              required
              multiline
              minRows={3}
              value={brief}
              onChange={(e) => setBrief(e.target.value)}
              error={Boolean(error('brief'))}
              helperText={error('brief')}
            />
            <MoneyField label="Budget" required value={budget} onChange={setBudget} error={error('budget_cents')} hint="Dollars and cents." />
            <DateField label="Deadline" required value={deadline} onChange={setDeadline} error={error('deadline')} />
            <DomainChoiceField label="About which domain (optional)" value={domain} onChange={setDomain} error={error('domain_id') ?? error('order_id')} />
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {create.isPending ? 'Sending…' : 'Send the request'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
