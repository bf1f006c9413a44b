import type { User } from '@market/shared';
import type { UserRow } from './users.repository.js';

/** The account as its owner sees it; never the password hash. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    role: row.role,
    user_role: (row.user_role as User['user_role']) ?? null,
    country: row.country,
    subscription: row.subscription as User['subscription'],
    authentication_type: row.authentication_type as User['authentication_type'],
    notify_email: row.notify_email !== 0,
    created_at: row.created_at,
  };
}
