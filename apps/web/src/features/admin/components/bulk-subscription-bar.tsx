import { useState } from 'react';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { subscriptionTiers, type SubscriptionTier } from '@market/shared';
import { toast } from '@/components/ui/toast';
import { useSetSubscriptions } from '../api/set-subscription';
import { failureMessage } from '../utils/format';
import { SelectionBar } from './table-parts';

interface BulkSubscriptionBarProps {
  selectedIds: number[];
  onClear: () => void;
}

/** The bulk action of the user grid: one subscription tier for every selected user. */
export function BulkSubscriptionBar({ selectedIds, onClear }: BulkSubscriptionBarProps) {
  const [tier, setTier] = useState<SubscriptionTier>('Free');
  const bulk = useSetSubscriptions();
  const count = selectedIds.length;

  const apply = () =>
    bulk.mutate(
      { ids: selectedIds, subscription: tier },
      {
        onSuccess: ({ done, failed }) => {
          if (done.length > 0) toast.success(`${tier} set for ${done.length} ${done.length === 1 ? 'user' : 'users'}`);
          if (failed.length > 0) toast.error(`${failed.length} could not be changed`, failureMessage(failed[0]?.error));
          if (failed.length === 0) onClear();
        },
      },
    );

  return (
    <SelectionBar
      label="Selected users"
      selected={count}
      summary={count === 0 ? 'No users selected' : `${count} ${count === 1 ? 'user' : 'users'} selected`}
    >
      <TextField
        select
        size="small"
        label="Subscription for selected"
        value={tier}
        onChange={(event) => setTier(event.target.value as SubscriptionTier)}
        margin="none"
        fullWidth={false}
        sx={{ minWidth: 210 }}
        disabled={count === 0 || bulk.isPending}
      >
        {subscriptionTiers.map((t) => (
          <MenuItem key={t} value={t}>
            {t}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" onClick={apply} disabled={count === 0 || bulk.isPending}>
        {bulk.isPending ? 'Applying…' : 'Apply'}
      </Button>
      <Button onClick={onClear} disabled={count === 0 || bulk.isPending}>
        Clear selection
      </Button>
    </SelectionBar>
  );
}
