import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { subscriptionTiers, USER_GRID_PAGE_SIZE } from '@market/shared';
import { adminKeys } from './query-keys';
import { getWithTotal } from './request-with-total';

/** One row of GET /api/domains/users/ (admin only). */
export const adminUserSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.number(),
  role_label: z.string(),
  user_role: z.string().nullable().default(null),
  subscription: z.enum(subscriptionTiers).catch('Free'),
  created_at: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export interface UserPage {
  users: AdminUser[];
  total: number;
}

/** GET /api/domains/users/?page=&limit=&search= -> rows, with the total in X-Total-Count. */
export async function getUsers(page: number, search: string, signal?: AbortSignal): Promise<UserPage> {
  const { data, total } = await getWithTotal<unknown>(
    '/api/domains/users/',
    { page, limit: USER_GRID_PAGE_SIZE, search: search || undefined },
    signal,
  );
  const users = z.array(adminUserSchema).parse(data);
  return { users, total: total ?? users.length };
}

/** `page` counts from 1 like the API. The previous page stays on screen while the next loads. */
export function useUsers(page: number, search: string) {
  return useQuery({
    queryKey: adminKeys.userPage(page, search),
    queryFn: ({ signal }) => getUsers(page, search, signal),
    placeholderData: keepPreviousData,
  });
}
