import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, USER_GRID_PAGE_SIZE } from '@market/shared';
import { type AdminUser, useUsers } from '../api/get-users';
import { AdminShell } from '../components/admin-shell';
import { BulkSubscriptionBar } from '../components/bulk-subscription-bar';
import { EditUserDialog } from '../components/edit-user-dialog';
import { ListSearchField } from '../components/list-search-field';
import { QueryError } from '../components/table-parts';
import { UserTable } from '../components/user-table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/**
 * UserList (admins only): server-side pages of 10 with the total from
 * X-Total-Count, a debounced search kept in ?search=, checkbox selection with a bulk
 * subscription action, and the edit dialog for role and subscription.
 */
export default function UserListRoute() {
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  const [input, setInput] = useState(urlSearch);
  const search = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const { data, error, isError, refetch, isPlaceholderData } = useUsers(page + 1, search);

  // A new search starts at page 1 and is remembered in the URL (links from the broker table use it).
  useEffect(() => {
    setPage(0);
    if (search === (params.get('search') ?? '')) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (search) next.set('search', search);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new search term matters here
  }, [search]);

  const total = data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / USER_GRID_PAGE_SIZE) - 1);
  // The list can shrink under us (another admin, a search): never sit past its end.
  useEffect(() => {
    if (data && !isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [data, isPlaceholderData, page, lastPage]);

  const selectedIds = useMemo(() => [...selected], [selected]);
  const toggle = (user: AdminUser) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(user.id)) next.delete(user.id);
      else next.add(user.id);
      return next;
    });
  const toggleAll = (users: AdminUser[], select: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const user of users) {
        if (select) next.add(user.id);
        else next.delete(user.id);
      }
      return next;
    });

  return (
    <AdminShell
      title="User List"
      description={data ? `${total.toLocaleString('en-US')} ${total === 1 ? 'user' : 'users'}${search ? ` matching “${search}”` : ''}` : 'Roles and subscriptions'}
    >
      <ListSearchField label="Search users" placeholder="Name or e-mail" value={input} onChange={setInput} />
      <BulkSubscriptionBar selectedIds={selectedIds} onClear={() => setSelected(new Set())} />
      {isError ? <QueryError error={error} onRetry={() => void refetch()} /> : null}
      <UserTable
        users={data?.users ?? (isError ? [] : undefined)}
        total={total}
        page={Math.min(page, lastPage)}
        onPageChange={setPage}
        selected={selected}
        onToggle={toggle}
        onToggleAll={toggleAll}
        onEdit={setEditing}
      />
      {editing ? <EditUserDialog key={editing.id} user={editing} onClose={() => setEditing(null)} /> : null}
    </AdminShell>
  );
}
