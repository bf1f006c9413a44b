import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { type AdminUser, adminUserSchema, USER_GRID_PAGE_SIZE } from '@market/shared';
import { adminKeys } from './query-keys';
import { getWithTotal } from './request-with-total';

export type { AdminUser };

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
