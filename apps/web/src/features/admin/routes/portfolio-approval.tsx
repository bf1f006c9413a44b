import { useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { toast } from '@/components/ui/toast';
import { type PendingDomain, usePendingDomains } from '../api/get-pending-domains';
import type { ReviewAction } from '../api/review-domain';
import { useReviewDomain } from '../api/review-domain';
import { useReviewDomains } from '../api/review-domains';
import { AdminShell } from '../components/admin-shell';
import { ApprovalTable } from '../components/approval-table';
import { QueryError, SelectionBar } from '../components/table-parts';
import { failureMessage } from '../utils/format';

const verb = { approve: 'Approved', deny: 'Denied' } as const;

function count(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'domain' : 'domains'}`;
}

/**
 * Portfolio Approval (new domains wait for approval). Approve
 * or deny one row or every selected row; reviewed domains leave the queue. Oldest first, loaded
 * in pages with `after` (keyset paging).
 */
export default function PortfolioApprovalRoute() {
  const query = usePendingDomains();
  const reviewOne = useReviewDomain();
  const reviewMany = useReviewDomains();
  const [selection, setSelection] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  // One list of the loaded pages, each domain once even if a page boundary moved under us.
  const domains = useMemo(() => {
    if (!query.data) return undefined;
    const seen = new Set<number>();
    return query.data.pages.flat().filter((d) => (seen.has(d.id) ? false : (seen.add(d.id), true)));
  }, [query.data]);
  // Only what is still in the queue counts as selected.
  const selected = useMemo(() => new Set((domains ?? []).filter((d) => selection.has(d.id)).map((d) => d.id)), [domains, selection]);

  const setBusyFor = (ids: number[], on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const review = (domain: PendingDomain, action: ReviewAction) => {
    setBusyFor([domain.id], true);
    reviewOne.mutate(
      { id: domain.id, action },
      {
        onSuccess: () => toast.success(verb[action], domain.domain_name),
        onError: (error) => toast.error(`${domain.domain_name} was not ${verb[action].toLowerCase()}`, failureMessage(error)),
        onSettled: () => setBusyFor([domain.id], false),
      },
    );
  };

  const reviewSelected = (action: ReviewAction) => {
    const ids = [...selected];
    if (ids.length === 0) return;
    setBusyFor(ids, true);
    reviewMany.mutate(
      { ids, action },
      {
        onSuccess: ({ updated }) => {
          toast.success(`${verb[action]} ${count(updated)}`);
          setSelection(new Set());
        },
        onError: (error) => toast.error('The review failed', failureMessage(error)),
        onSettled: () => setBusyFor(ids, false),
      },
    );
  };

  const toggle = (id: number) =>
    setSelection((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const toggleAll = (select: boolean) => setSelection(select ? new Set((domains ?? []).map((d) => d.id)) : new Set());

  const n = selected.size;
  const bulkBusy = reviewMany.isPending;
  return (
    <AdminShell
      title="Portfolio Approval"
      description={domains ? `${count(domains.length)} ${query.hasNextPage ? 'shown, more waiting' : 'waiting for approval'}` : 'New domains wait here until an admin approves them.'}
    >
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      <SelectionBar label="Selected domains" selected={n} summary={n === 0 ? 'No domains selected' : `${count(n)} selected`}>
        <Button
          variant="contained"
          onClick={() => reviewSelected('approve')}
          disabled={n === 0 || bulkBusy}
          sx={{ bgcolor: 'success.dark', '&:hover': { bgcolor: 'success.main' } }}
        >
          Approve selected
        </Button>
        <Button
          variant="outlined"
          onClick={() => reviewSelected('deny')}
          disabled={n === 0 || bulkBusy}
          sx={{ color: 'error.dark', borderColor: 'error.dark' }}
        >
          Deny selected
        </Button>
      </SelectionBar>
      <ApprovalTable
        domains={domains ?? (query.isError ? [] : undefined)}
        selected={selected}
        busyIds={busy}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onReview={review}
      />
      {query.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      ) : null}
    </AdminShell>
  );
}
