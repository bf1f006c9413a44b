import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LEASE_MAX_MONTHS, LEASE_MIN_MONTHS, type LeaseOffer } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { serverMessage } from '@/lib/error-text';
import { useLeaseTerms, useSaveLeaseTerms } from '../api/lease-terms';

function TermsForm({ domain, offer, onClose }: { domain: { id: number; domain_name: string }; offer: LeaseOffer; onClose: () => void }) {
  const [enabled, setEnabled] = useState(offer.enabled);
  const [months, setMonths] = useState(String(offer.months ?? 12));
  const [down, setDown] = useState(offer.down_payment_cents ? String(offer.down_payment_cents / 100) : '0');
  const [rate, setRate] = useState(offer.rate_bp ? String(offer.rate_bp / 100) : '0');
  const save = useSaveLeaseTerms(domain.id);
  const submit = () =>
    save.mutate(
      { enabled, months: Number(months), down_payment_cents: Math.round(Number(down || 0) * 100), rate_bp: Math.round(Number(rate || 0) * 100) },
      {
        onSuccess: (saved) => {
          toast.success(saved.enabled ? `${domain.domain_name} is offered on lease: ${saved.monthly_line}.` : `${domain.domain_name} is no longer offered on lease.`);
          onClose();
        },
      },
    );
  return (
    <>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          A buyer pays your Buy Now price in monthly instalments and controls the name’s DNS meanwhile; you keep the registration and are paid after each
          instalment. After the last one you transfer the name. An instalment 30 days late ends the lease and what was paid stays yours.
        </Typography>
        <FormControlLabel control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />} label="Offer lease to own" />
        <TextField
          label="Months"
          type="number"
          value={months}
          onChange={(e) => setMonths(e.target.value)}
          disabled={!enabled}
          slotProps={{ htmlInput: { min: LEASE_MIN_MONTHS, max: LEASE_MAX_MONTHS } }}
          helperText={`${LEASE_MIN_MONTHS} to ${LEASE_MAX_MONTHS}`}
        />
        <TextField label="Down payment ($, optional)" type="number" value={down} onChange={(e) => setDown(e.target.value)} disabled={!enabled} />
        <TextField label="Yearly interest rate (%, optional)" type="number" value={rate} onChange={(e) => setRate(e.target.value)} disabled={!enabled} helperText="Simple interest, shown to the buyer as a total." />
        {save.isError ? <Alert severity="error">{serverMessage(save.error) ?? 'The terms could not be saved.'}</Alert> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          Save
        </Button>
      </DialogActions>
    </>
  );
}

/** The owner's lease-to-own terms of one domain (the portfolio). */
export function LeaseTermsDialog({ domain, onClose }: { domain: { id: number; domain_name: string } | null; onClose: () => void }) {
  const offer = useLeaseTerms(domain?.id);
  return (
    <Dialog open={domain !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="lease-terms-title">
      <DialogTitle id="lease-terms-title">Lease to own{domain ? `: ${domain.domain_name}` : ''}</DialogTitle>
      {domain && offer.data ? (
        <TermsForm key={domain.id} domain={domain} offer={offer.data} onClose={onClose} />
      ) : (
        <DialogContent>
          {offer.isError ? <Alert severity="warning">{serverMessage(offer.error) ?? 'Lease terms are for approved names.'}</Alert> : <Typography>Loading…</Typography>}
        </DialogContent>
      )}
    </Dialog>
  );
}
