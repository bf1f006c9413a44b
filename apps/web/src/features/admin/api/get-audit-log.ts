import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { AUDIT_LOG_LIMIT } from '../utils/constants';
import { adminKeys } from './query-keys';

/** One admin action, done or refused. `details` is JSON text (or null). */
export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.number().nullable(),
  outcome: z.string(),
  details: z.string().nullable().default(null),
  created_at: z.string(),
  actor_email: z.string().nullable().default(null),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /api/domains/admin/audit/?limit=: newest first. */
export async function getAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  const data = await api.get<unknown>('/api/domains/admin/audit/', { query: { limit: AUDIT_LOG_LIMIT }, signal });
  return z.array(auditEntrySchema).parse(data);
}

export function useAuditLog() {
  return useQuery({ queryKey: adminKeys.audit(), queryFn: ({ signal }) => getAuditLog(signal) });
}
