import { Fragment, type ReactNode, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDollars, formatDollarsWithCents, type SponsoredCategory, TABLE_PREVIEW_ROWS } from '@market/shared';
import type { EligibleDomain } from '../api/get-eligible-domains';
import { unitPrice } from '../utils/categories';
import { runningIn, tradeTierLabel } from '../utils/selection';
import { formatDate } from '@/utils/format';

/** The expanded list renders at most this many rows; the filter finds the others. */
export const EXPANDED_MAX_ROWS = 500;

interface CategoryPanelProps {
  category: SponsoredCategory;
  title: string;
  /** The panel's domains in display order (panelDomains). */
  domains: readonly EligibleDomain[];
  selected: ReadonlySet<number>;
  onChange: (ids: number[], checked: boolean) => void;
  /** Said when the seller has no domain in this category. */
  emptyHint: ReactNode;
}

interface Group {
  label: string | null;
  domains: EligibleDomain[];
}

/** Trade domains are shown in tier groups (3, 4, 5 Figures); other panels are one list. */
function groupsOf(category: SponsoredCategory, domains: readonly EligibleDomain[]): Group[] {
  if (category !== 'Trade Domains') return [{ label: null, domains: [...domains] }];
  const groups: Group[] = [];
  for (const domain of domains) {
    const label = tradeTierLabel(domain.trade_option);
    const last = groups.at(-1);
    if (last && last.label === label) last.domains.push(domain);
    else groups.push({ label, domains: [domain] });
  }
  return groups;
}

function DomainRow({
  domain,
  category,
  checked,
  onChange,
}: {
  domain: EligibleDomain;
  category: SponsoredCategory;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const detailId = useId();
  const running = runningIn(domain, category);
  const detail = running
    ? `Running until ${formatDate(running.ends_at)}`
    : category === 'Buy Now' && domain.seller_price > 0
      ? formatDollars(domain.seller_price)
      : null;
  return (
    <Box
      component="li"
      data-testid={`row-${category}-${domain.id}`}
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1, px: 1, minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
    >
      <FormControlLabel
        sx={{ mr: 0, minWidth: 0, flex: '1 1 auto', '& .MuiFormControlLabel-label': { overflowWrap: 'anywhere' } }}
        control={
          <Checkbox
            size="small"
            checked={!running && checked}
            disabled={Boolean(running)}
            onChange={(event) => onChange(event.target.checked)}
            slotProps={{ input: detail ? { 'aria-describedby': detailId } : {} }}
          />
        }
        label={domain.domain_name}
      />
      {detail ? (
        <Typography
          id={detailId}
          variant="body2"
          sx={{ ml: 'auto', pl: 4, pr: 1, whiteSpace: 'nowrap', color: running ? 'success.dark' : 'text.secondary', fontWeight: running ? 600 : 400 }}
        >
          {detail}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * One category of the order page: the seller's domains in it with checkboxes, the first 10 and
 * an ellipsis row that expands the full list (with a filter), the price per listing, and the
 * headlines already running shown as such (not selectable).
 */
export function CategoryPanel({ category, title, domains, selected, onChange, emptyHint }: CategoryPanelProps) {
  const headingId = useId();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const [filter, setFilter] = useState('');

  const selectable = useMemo(() => domains.filter((d) => !runningIn(d, category)).map((d) => d.id), [domains, category]);
  const selectedCount = selectable.filter((id) => selected.has(id)).length;
  const hidden = domains.length - TABLE_PREVIEW_ROWS;

  const matches = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return expanded && needle ? domains.filter((d) => d.domain_name.toLowerCase().includes(needle)) : domains;
  }, [domains, expanded, filter]);
  const shown = expanded ? matches.slice(0, EXPANDED_MAX_ROWS) : domains.slice(0, TABLE_PREVIEW_ROWS);
  const groups = groupsOf(category, shown);

  return (
    <Paper
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0, overflow: 'hidden' }}
    >
      <Box sx={{ px: 2, py: 1.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2">{formatDollarsWithCents(unitPrice(category))} per listing</Typography>
      </Box>
      {domains.length === 0 ? (
        <Box sx={{ p: 2 }}>
          <Typography color="text.secondary">{emptyHint}</Typography>
        </Box>
      ) : (
        <>
          <Box
            sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider', bgcolor: 'grey.50' }}
          >
            {selectable.length > 0 ? (
              <FormControlLabel
                sx={{ mr: 0 }}
                control={
                  <Checkbox
                    size="small"
                    checked={selectedCount > 0 && selectedCount === selectable.length}
                    indeterminate={selectedCount > 0 && selectedCount < selectable.length}
                    onChange={(event) => onChange(selectable, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `Select all ${title}` } }}
                  />
                }
                label="Select all"
              />
            ) : (
              <Typography variant="body2" sx={{ px: 1, py: 1 }}>
                All running
              </Typography>
            )}
            <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ pr: 1, whiteSpace: 'nowrap' }}>
              {selectedCount} of {domains.length} selected
            </Typography>
          </Box>
          {expanded && hidden > 0 ? (
            <Box sx={{ px: 2, pt: 1 }}>
              <TextField
                size="small"
                margin="dense"
                label={`Filter ${title}`}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                slotProps={{ htmlInput: { 'aria-controls': listId } }}
              />
            </Box>
          ) : null}
          <Box id={listId}>
            {groups.map((group, index) => (
              <Fragment key={group.label ?? index}>
                {group.label ? (
                  <Typography
                    variant="subtitle2"
                    component="h3"
                    sx={{ px: 2, pt: 1.5, pb: 0.5, color: 'text.secondary', borderBottom: 1, borderColor: 'divider' }}
                  >
                    {group.label}
                  </Typography>
                ) : null}
                <Box component="ul" aria-label={group.label ?? title} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {group.domains.map((domain) => (
                    <DomainRow
                      key={domain.id}
                      domain={domain}
                      category={category}
                      checked={selected.has(domain.id)}
                      onChange={(checked) => onChange([domain.id], checked)}
                    />
                  ))}
                </Box>
              </Fragment>
            ))}
            {expanded && matches.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                No domain matches “{filter.trim()}”.
              </Typography>
            ) : null}
            {expanded && matches.length > EXPANDED_MAX_ROWS ? (
              <Typography variant="body2" sx={{ p: 2 }} color="text.secondary">
                Showing the first {EXPANDED_MAX_ROWS} of {matches.length}. Filter to find the others.
              </Typography>
            ) : null}
          </Box>
          {hidden > 0 ? (
            <Box sx={{ px: 1, py: 0.5, mt: 'auto' }}>
              <Button
                size="small"
                aria-expanded={expanded}
                aria-controls={listId}
                onClick={() => {
                  setExpanded((open) => !open);
                  setFilter('');
                }}
              >
                {expanded ? `Show the first ${TABLE_PREVIEW_ROWS} only` : `… and ${hidden} more`}
              </Button>
            </Box>
          ) : null}
        </>
      )}
    </Paper>
  );
}
