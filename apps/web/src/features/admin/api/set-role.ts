import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminRole, type SetRoleResult, setRoleResultSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/**
 * POST /api/domains/users/ {id, role}. 403 {detail} for one's own role, a SuperAdmin target,
 * or a promotion to SuperAdmin by an Admin; the error is re-thrown to the caller.
 */
export async function setRole(id: number, role: AdminRole): Promise<SetRoleResult> {
  return setRoleResultSchema.parse(await api.post<unknown>('/api/domains/users/', { id, role }));
}

/** A role change touches the user grid, the broker table and the audit log. */
export function useSetRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, role }: { id: number; role: AdminRole }) => setRole(id, role),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
