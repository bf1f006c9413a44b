import { type FormEvent, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { jobMessages as m } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { isApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/error-text';
import { useApplyToJob } from '../api/apply-to-job';
import { AMOUNT_INVALID, parseCents } from '@/utils/money';

const FIELDS = ['cover_letter', 'price_cents', 'delivery_days'];

/** A freelancer's proposal: a cover letter, a price and a delivery time. */
export function ApplyForm({ jobId }: { jobId: number }) {
  const apply = useApplyToJob();
  const [letter, setLetter] = useState('');
  const [price, setPrice] = useState('');
  const [days, setDays] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const serverError = (field: string) => (isApiError(apply.error) ? apply.error.firstError(field) : undefined);
  const error = (field: string) => errors[field] ?? serverError(field);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const cents = parseCents(price);
    const delivery = Number(days);
    const found: Record<string, string> = {};
    if (letter.trim().length < 10) found.cover_letter = 'Write at least 10 characters about how you would do the work.';
    if (cents === null) found.price_cents = AMOUNT_INVALID;
    if (!Number.isInteger(delivery) || delivery < 1) found.delivery_days = 'Enter a whole number of days.';
    setErrors(found);
    if (Object.keys(found).length > 0 || cents === null) return;
    apply.mutate(
      { jobId, body: { cover_letter: letter.trim(), price_cents: cents, delivery_days: delivery } },
      { onSuccess: () => toast.success('Application sent', 'The founder is told; you will hear when they decide.') },
    );
  };
  const failed = apply.error;
  const inFields = isApiError(failed) && FIELDS.some((f) => failed.firstError(f));
  const other = failed && !inFields ? (serverMessage(failed) ?? 'Something went wrong. Nothing was sent; please try again.') : null;

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Apply to this job" sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h6" component="h2">
        Apply
      </Typography>
      {other ? (
        <Alert severity="error" action={other === m.needsProfile ? <Button href="/freelancer-profile">Your profile</Button> : undefined}>
          {other}
        </Alert>
      ) : null}
      <TextField label="Cover letter" required multiline minRows={4} value={letter} onChange={(e) => setLetter(e.target.value)} error={Boolean(error('cover_letter'))} helperText={error('cover_letter')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="Your price"
          required
          value={price}
          onChange={(e) => setPrice(e.target.value)}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> }, htmlInput: { inputMode: 'decimal' } }}
          error={Boolean(error('price_cents'))}
          helperText={error('price_cents')}
        />
        <TextField
          label="Delivery (days)"
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(error('delivery_days'))}
          helperText={error('delivery_days')}
        />
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={apply.isPending}>
          {apply.isPending ? 'Sending…' : 'Send the application'}
        </Button>
      </Box>
    </Box>
  );
}
