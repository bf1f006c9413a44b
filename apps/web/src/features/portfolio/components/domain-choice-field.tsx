import { orderFlow, statesOnTheWay } from '@market/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useOrders } from '@/features/orders';
import { useDomains } from '../api/get-domains';

/** Orders whose domain the buyer is still getting (or has got): work on it can start meanwhile. */
const BUYING: readonly string[] = statesOnTheWay(orderFlow);

/** The choice as the select holds it: '' for none, `domain:<id>` for an own domain, `order:<id>` for one being bought. */
export type DomainChoice = string;

/** What the server takes for the choice: `domain_id` or `order_id` (jobs and engagement requests alike). */
export function domainChoiceBody(choice: DomainChoice): { domain_id?: number; order_id?: number } {
  const [kind, id] = choice.split(':');
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return {};
  if (kind === 'domain') return { domain_id: n };
  if (kind === 'order') return { order_id: n };
  return {};
}

/** The saved choice back in the select's terms; the order wins, since it names its domain too. */
export function domainChoiceOf(saved: { domain_id?: number | null; order_id?: number | null }): DomainChoice {
  if (saved.order_id) return `order:${saved.order_id}`;
  if (saved.domain_id) return `domain:${saved.domain_id}`;
  return '';
}

interface DomainChoiceFieldProps {
  label: string;
  value: DomainChoice;
  onChange: (value: DomainChoice) => void;
  error?: string;
  /** The saved choice's domain name, listed even when it is no longer among the user's domains or orders. */
  savedName?: string | null;
}

/**
 * "For which domain": one of the user's own domains or a domain they are buying, or none. Shown
 * only when there is something to choose.
 */
export function DomainChoiceField({ label, value, onChange, error, savedName }: DomainChoiceFieldProps) {
  const domains = useDomains();
  const orders = useOrders();
  const owned = domains.data?.domains ?? [];
  const ownedIds = new Set(owned.map((d) => d.id));
  // A completed purchase is also an own domain by then: list it once.
  const buying = (orders.data ?? []).filter((o) => o.role === 'buyer' && BUYING.includes(o.status) && !ownedIds.has(o.domain_id));
  const listed = new Set([...owned.map((d) => `domain:${d.id}`), ...buying.map((o) => `order:${o.id}`)]);
  const keepSaved = value !== '' && !listed.has(value);
  if (listed.size === 0 && !keepSaved) return null;
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'One of your domains, or one you are buying.'}
    >
      <MenuItem value="">None</MenuItem>
      {keepSaved ? <MenuItem value={value}>{savedName ?? 'The domain saved before'}</MenuItem> : null}
      {owned.map((d) => (
        <MenuItem key={`domain:${d.id}`} value={`domain:${d.id}`}>
          {d.domain_name}
        </MenuItem>
      ))}
      {buying.map((o) => (
        <MenuItem key={`order:${o.id}`} value={`order:${o.id}`}>
          {o.domain_name} (buying)
        </MenuItem>
      ))}
    </TextField>
  );
}
