import { useQuery } from '@tanstack/react-query';
import type { AppNotification } from '@market/shared';
import { api } from '@/lib/api-client';

/**
 * GET /api/domains/notifications/?limit=: the newest first, as `notificationSchema` in
 * packages/shared. Read by the bell's menu, which is loaded on demand, but kept free of zod like
 * the rest of the bell: the type is the shared one, the check a light one.
 */
export type { AppNotification };

export const NOTIFICATIONS_SHOWN = 20;

export async function getNotifications(limit = NOTIFICATIONS_SHOWN, signal?: AbortSignal): Promise<AppNotification[]> {
  const data = await api.get<unknown>('/api/domains/notifications/', { query: { limit }, signal });
  return Array.isArray(data) ? (data as AppNotification[]) : [];
}

export const allNotificationsKey = ['notifications'] as const;
export const notificationsKey = (limit = NOTIFICATIONS_SHOWN) => [...allNotificationsKey, limit] as const;

export function useNotifications(limit = NOTIFICATIONS_SHOWN) {
  return useQuery({
    queryKey: notificationsKey(limit),
    queryFn: ({ signal }) => getNotifications(limit, signal),
    staleTime: 0,
  });
}
