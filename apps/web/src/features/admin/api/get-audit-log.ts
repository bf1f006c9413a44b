import { useQuery } from '@tanstack/react-query';
import { type AuditEntry, auditEntrySchema } from '@market/shared';
import { z } from 'zod';
import { api } from '@/lib/api-client';
import { AUDIT_LOG_LIMIT } from '../utils/constants';
import { adminKeys } from './query-keys';

/** One admin action, done or refused. `details` is JSON text (or null). */
export type { AuditEntry };

/** GET /api/domains/admin/audit/?limit=: newest first. */
export async function getAuditLog(signal?: AbortSignal): Promise<AuditEntry[]> {
  const data = await api.get<unknown>('/api/domains/admin/audit/', { query: { limit: AUDIT_LOG_LIMIT }, signal });
  return z.array(auditEntrySchema).parse(data);
}

export function useAuditLog() {
  return useQuery({ queryKey: adminKeys.audit(), queryFn: ({ signal }) => getAuditLog(signal) });
}
