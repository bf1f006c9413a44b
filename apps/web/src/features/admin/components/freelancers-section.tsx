import { useEffect, useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { FREELANCER_LIMITS, freelancerBadges, freelancerMessages, SEARCH_DEBOUNCE_MS } from '@market/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { useAwardFreelancerBadge } from '../api/award-freelancer-badge';
import { type FreelancerAdmin, useAdminFreelancers } from '../api/get-admin-freelancers';
import { useWithdrawFreelancerBadge } from '../api/withdraw-freelancer-badge';
import { ListSearchField } from './list-search-field';
import { ListTable } from './table-parts';

const PAGE_SIZE = 50;
const COLUMNS = [{ label: 'Freelancer' }, { label: 'E-mail' }, { label: 'Profile' }, { label: 'Badges' }, { label: '' }] as const;
const today = () => new Date().toISOString().slice(0, 10);

/** Awards one passed test: the badge, the day of the test and an optional note. */
function AwardDialog({ freelancer, onClose }: { freelancer: FreelancerAdmin | null; onClose: () => void }) {
  const titleId = useId();
  const award = useAwardFreelancerBadge();
  const held = new Set(freelancer?.badges.map((b) => b.badge));
  const open = freelancer !== null;
  const available = freelancerBadges.filter((b) => !held.has(b.key));
  const [badge, setBadge] = useState('');
  const [passedOn, setPassedOn] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setBadge('');
    setPassedOn(today());
    setNote('');
    setErrors({});
  }, [open]);

  const submit = () => {
    if (!freelancer) return;
    if (!badge) {
      setErrors({ badge: 'Choose the test that was passed.' });
      return;
    }
    award.mutate(
      { id: freelancer.id, body: { badge: badge as (typeof freelancerBadges)[number]['key'], passed_on: passedOn, note } },
      {
        onSuccess: () => {
          toast.success(freelancerMessages.badgeAwarded);
          onClose();
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
          } else setErrors({ non_field_errors: errorText(error) });
        },
      },
    );
  };

  return (
    <Dialog open={open} onClose={award.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Award a badge to {freelancer?.name}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {errors.non_field_errors ? <Alert severity="error">{errors.non_field_errors}</Alert> : null}
        <TextField select label="Passed test" value={badge} onChange={(event) => setBadge(event.target.value)} error={Boolean(errors.badge)} helperText={errors.badge} margin="none">
          {available.map((b) => (
            <MenuItem key={b.key} value={b.key}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Test date"
          type="date"
          value={passedOn}
          onChange={(event) => setPassedOn(event.target.value)}
          error={Boolean(errors.passed_on)}
          helperText={errors.passed_on}
          margin="none"
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
        />
        <TextField
          label="Note"
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={Boolean(errors.note)}
          helperText={errors.note ?? 'Optional, shown on the profile: a score, the examiner.'}
          margin="none"
          slotProps={{ htmlInput: { maxLength: FREELANCER_LIMITS.badgeNote } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={award.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={award.isPending || available.length === 0}>
          Award badge
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Every freelancer profile, with its badges: award one for a passed test, or withdraw one. */
export function FreelancersSection() {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const list = useAdminFreelancers(q, page);
  const [awarding, setAwarding] = useState<FreelancerAdmin | null>(null);
  const [withdrawing, setWithdrawing] = useState<{ freelancer: FreelancerAdmin; badgeId: number; name: string } | null>(null);
  const withdraw = useWithdrawFreelancerBadge();
  const pages = list.data ? Math.max(1, Math.ceil(list.data.count / PAGE_SIZE)) : 1;

  return (
    <>
      <ListSearchField label="Search freelancers" placeholder="Name, e-mail or headline" value={input} onChange={setInput} />
      <ListTable
        label="Freelancers"
        minWidth={860}
        columns={COLUMNS}
        query={{ ...list, data: list.data?.results }}
        loadingLabel="Loading freelancers"
        emptyHint="No freelancer has started a profile yet."
        row={(f) => (
          <TableRow key={f.id} hover>
            <TableCell sx={{ minWidth: 180 }}>
              <Box sx={{ fontWeight: 600 }}>{f.published ? <Link component="a" href={`/freelancers/${f.id}`}>{f.name}</Link> : f.name}</Box>
              <Box sx={{ color: 'text.secondary', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>{f.headline || 'No headline yet'}</Box>
            </TableCell>
            <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 160 }}>{f.email}</TableCell>
            <TableCell>{f.published ? 'Public' : 'Hidden'}</TableCell>
            <TableCell sx={{ minWidth: 220 }}>
              <Box component="ul" aria-label={`Badges of ${f.name}`} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0 }}>
                {f.badges.length === 0 ? <li>None</li> : null}
                {f.badges.map((b) => (
                  <li key={b.id}>
                    <Chip
                      size="small"
                      label={`${b.name} · ${b.passed_on}`}
                      onDelete={() => setWithdrawing({ freelancer: f, badgeId: b.id, name: b.name })}
                      slotProps={{ root: { 'aria-label': `${b.name}, passed ${b.passed_on}` } }}
                    />
                  </li>
                ))}
              </Box>
            </TableCell>
            <TableCell align="right">
              <Button size="small" variant="outlined" onClick={() => setAwarding(f)} disabled={f.badges.length >= freelancerBadges.length}>
                Award badge
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      {pages > 1 ? <Pagination sx={{ mt: 2 }} count={pages} page={page} onChange={(_event, next) => setPage(next)} /> : null}
      <AwardDialog freelancer={awarding} onClose={() => setAwarding(null)} />
      <ConfirmDialog
        open={withdrawing !== null}
        title="Withdraw this badge?"
        confirmLabel="Withdraw badge"
        destructive
        pending={withdraw.isPending}
        onClose={() => setWithdrawing(null)}
        onConfirm={() => {
          if (!withdrawing) return;
          withdraw.mutate(
            { id: withdrawing.freelancer.id, badgeId: withdrawing.badgeId },
            {
              onSuccess: () => toast.success(freelancerMessages.badgeRemoved),
              onError: (error) => toast.error('The badge could not be withdrawn.', errorText(error)),
              onSettled: () => setWithdrawing(null),
            },
          );
        }}
      >
        {withdrawing ? `${withdrawing.freelancer.name} will no longer show the ${withdrawing.name} badge, and certifications that need it end. The award stays in the history.` : ''}
      </ConfirmDialog>
    </>
  );
}
