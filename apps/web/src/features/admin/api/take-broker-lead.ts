import { useMutation, useQueryClient } from '@tanstack/react-query';
import { takeBrokerLeadResultSchema } from '@market/shared';
import { api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

/** POST /api/domains/admin/broker-leads/{id}/take/: 409 {detail} when another broker was first. */
export async function takeBrokerLead(id: number) {
  return takeBrokerLeadResultSchema.parse(await api.post<unknown>(`/api/domains/admin/broker-leads/${id}/take/`));
}

/** Success or conflict, the list is read again: either way someone now has the lead. */
export function useTakeBrokerLead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takeBrokerLead,
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.brokerLeads() }),
  });
}
