import type { Generated } from 'kysely';

/**
 * Table types for Kysely. Timestamps are ISO-8601 UTC strings and booleans are 0/1 integers in
 * both dialects, so repositories and presenters read the same values on SQLite and PostgreSQL.
 */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  role: Generated<number>;
  user_role: string | null;
  country: string | null;
  subscription: Generated<string>;
  authentication_type: Generated<string>;
  authentication_label: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string;
  expires_at: string;
  revoked_at: string | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
}
