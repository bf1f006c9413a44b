import {
  AdminRole,
  apiErrors,
  settingsMessages,
  type loginRequest,
  type registerRequest,
  type updateUserRequest,
  type User,
} from '@market/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { nowIso } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError } from '../../errors.js';
import type { CounterStore } from '../../lib/counter-store.js';
import { queueMail } from '../../mail/outbox.js';
import { presentUser } from './auth.presenter.js';
import { createLoginThrottle } from './login-throttle.js';
import { hashPassword, newSecret, sha256, verifyAgainstDecoy, verifyPassword } from './secrets.js';
import * as sessions from './sessions.repository.js';
import { type SocialTickets, TICKET_TTL_SECONDS } from './social-tickets.js';
import * as users from './users.repository.js';
import type { UserRow } from './users.repository.js';

export const RESET_TOKEN_TTL_MS = 30 * 60_000;
// Writing last_used_at on every request would turn reads into writes; a minute is precise enough.
const TOUCH_EVERY_MS = 60_000;

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  /** Wakes the mail outbox after a commit that queued e-mail. */
  mailQueued: () => void;
  counters: CounterStore;
  social: SocialTickets;
  log: FastifyBaseLogger;
}

export interface AuthResult {
  token: string;
  user: User;
}

export interface Principal {
  user: UserRow;
  sessionId: number;
}

type LoginInput = z.output<typeof loginRequest>;
type RegisterInput = z.output<typeof registerRequest>;
type UpdateUserInput = z.output<typeof updateUserRequest>;

export function createAuthService(deps: AuthDeps) {
  const { db, config, mailQueued, counters, social, log } = deps;
  const k = db.kysely;
  const throttle = createLoginThrottle(counters, config.rateLimits);

  async function startSession(user: UserRow): Promise<AuthResult> {
    const token = newSecret();
    const now = new Date();
    await sessions.insertSession(k, {
      user_id: user.id,
      token_hash: sha256(token),
      now: now.toISOString(),
      expires_at: new Date(now.getTime() + config.tokenMaxMs).toISOString(),
    });
    return { token, user: presentUser(user) };
  }

  const socialTokenInvalid = () =>
    new AppError('INVALID_CREDENTIALS', apiErrors.socialTokenInvalid, { non_field_errors: [apiErrors.socialTokenInvalid] });

  /** Checks a sign-in ticket from our OIDC callback; `consume` must be called before a session is issued. */
  async function verifySocial(label: string, ticket: string, claimedEmail: string) {
    const result = await social.verify(label, ticket);
    if (!result.ok) {
      throw result.reason === 'provider-not-configured'
        ? new AppError('VALIDATION', apiErrors.providerNotConfigured(label), {
            authentication_label: [apiErrors.providerNotConfigured(label)],
          })
        : socialTokenInvalid();
    }
    if (result.identity.email !== claimedEmail) {
      throw new AppError('INVALID_CREDENTIALS', apiErrors.socialEmailMismatch, {
        non_field_errors: [apiErrors.socialEmailMismatch],
      });
    }
    const { ticketId } = result;
    return {
      /** A ticket signs in once: a second use (a copied link, a replay) is refused, on every instance. */
      async consume(): Promise<void> {
        const uses = await counters.increment(`social-ticket:${ticketId}`, TICKET_TTL_SECONDS * 1000);
        if (uses > 1) throw socialTokenInvalid();
      },
    };
  }

  async function insertNewUser(values: Parameters<typeof users.insertUser>[1]): Promise<UserRow> {
    try {
      return await users.insertUser(k, values);
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.fields({ email: [apiErrors.emailTaken] });
      throw error;
    }
  }

  /** Once per window of the account's slow-down: guessing is going on, and what the owner can do. */
  async function tellOwnerOfFailures(user: UserRow): Promise<void> {
    const { accountFreeFailures, accountWindowMs } = config.rateLimits;
    const text = [
      `Hello ${user.first_name},`,
      '',
      `A wrong password was entered for your Domain Market account more than ${accountFreeFailures} times`,
      `in ${Math.round(accountWindowMs / 60_000)} minutes. While this goes on, each further wrong password`,
      'makes the device it came from wait longer before it may try again.',
      '',
      'Nothing is locked: your password still signs you in as usual.',
      '',
      'If these tries were not yours, make sure your password is one you use nowhere else.',
      'You can choose a new one here:',
      '',
      `${config.publicUrl}/forgot-password`,
    ].join('\n');
    const now = nowIso();
    await k.transaction().execute((trx) => queueMail(trx, { to: user.email, subject: 'Failed sign-ins to your Domain Market account', text }, now));
    mailQueued();
    log.warn({ userId: user.id }, 'many failed sign-ins on one account: each further failure makes its address wait, and the owner is told');
  }

  /** The password part of a login, run once the throttle let the try through. */
  async function checkPassword(input: LoginInput, address: string): Promise<AuthResult> {
    const user = await users.findUserByEmail(k, input.username);
    const password = input.password ?? '';
    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : await verifyAgainstDecoy(password);
    if (!user || !ok) {
      const failure = await throttle.failed(input.username, address);
      // A social account has no password to guess, and an unknown e-mail no one to tell.
      if (failure.slowDownStarted && user?.password_hash) await tellOwnerOfFailures(user);
      throw new AppError('INVALID_CREDENTIALS', apiErrors.invalidCredentials, {
        non_field_errors: [apiErrors.invalidCredentials],
      });
    }
    await throttle.succeeded(input.username, address);
    return startSession(user);
  }

  return {
    providers: () => social.providers(),

    async register(input: RegisterInput): Promise<AuthResult> {
      if (await users.findUserByEmail(k, input.email)) throw AppError.fields({ email: [apiErrors.emailTaken] });
      const social = input.authentication_type === 'social';
      if (social) {
        const verified = await verifySocial(input.authentication_label ?? '', input.authentication_token ?? '', input.email);
        await verified.consume();
      }
      const now = nowIso();
      const user = await insertNewUser({
        email: input.email,
        password_hash: social ? null : await hashPassword(input.password ?? ''),
        first_name: input.first_name,
        last_name: input.last_name,
        user_role: input.user_role ?? null,
        country: input.country || null,
        authentication_type: input.authentication_type,
        authentication_label: social ? (input.authentication_label ?? null) : null,
        created_at: now,
        updated_at: now,
      });
      return startSession(user);
    },

    /** `address` is the client's IP: password failures are throttled per account and address. */
    async login(input: LoginInput, address: string): Promise<AuthResult> {
      if (input.authentication_type === 'social') {
        const verified = await verifySocial(input.authentication_label ?? '', input.authentication_token ?? '', input.username);
        const user = await users.findUserByEmail(k, input.username);
        // Not consumed here: the same ticket then finishes the social sign-up.
        if (!user) throw new AppError('NOT_FOUND', apiErrors.socialAccountMissing);
        await verified.consume();
        return startSession(user);
      }
      const attempt = await throttle.enter(input.username, address);
      if (attempt.waitMs > 0) {
        const seconds = Math.ceil(attempt.waitMs / 1000);
        throw AppError.rateLimited(apiErrors.tooManyFailures(seconds), seconds);
      }
      try {
        return await checkPassword(input, address);
      } finally {
        await attempt.leave();
      }
    },

    /** Resolves an `Authorization: Token <key>` value to a live session, or undefined. */
    async authenticate(token: string): Promise<Principal | undefined> {
      const now = Date.now();
      const found = await sessions.findLiveSession(
        k,
        sha256(token),
        new Date(now).toISOString(),
        new Date(now - config.tokenIdleMs).toISOString(),
      );
      if (!found) return undefined;
      if (now - Date.parse(found.session.last_used_at) > TOUCH_EVERY_MS) {
        await sessions.touchSession(k, found.session.id, new Date(now).toISOString());
      }
      return { user: found.user, sessionId: found.session.id };
    },

    async logout(principal: Principal): Promise<void> {
      await sessions.revokeSession(k, principal.sessionId, nowIso());
    },

    /** A fresh key for the same user; the old one stops working at once. */
    async refresh(principal: Principal): Promise<AuthResult> {
      await sessions.revokeSession(k, principal.sessionId, nowIso());
      return startSession(principal.user);
    },

    async updateProfile(principal: Principal, input: UpdateUserInput): Promise<User> {
      const current = principal.user;
      const changes: Parameters<typeof users.updateUser>[2] = {};
      if (input.first_name !== undefined) changes.first_name = input.first_name;
      if (input.last_name !== undefined) changes.last_name = input.last_name;
      if (input.user_role !== undefined) changes.user_role = input.user_role;
      if (input.country !== undefined) changes.country = input.country || null;
      if (input.notify_email !== undefined) changes.notify_email = input.notify_email ? 1 : 0;
      if (input.email !== undefined && input.email !== current.email) {
        if (current.authentication_type === 'social') {
          throw AppError.fields({ email: ['The e-mail of an account that signs in through a provider is managed there.'] });
        }
        if (!current.password_hash || !(await verifyPassword(current.password_hash, input.current_password ?? ''))) {
          throw AppError.fields({ current_password: ['Enter your current password to change your e-mail.'] });
        }
        if (await users.findUserByEmail(k, input.email)) throw AppError.fields({ email: [apiErrors.emailTaken] });
        changes.email = input.email;
      }
      if (Object.keys(changes).length === 0) return presentUser(current);
      changes.updated_at = nowIso();
      try {
        return presentUser(await users.updateUser(k, current.id, changes));
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.fields({ email: [apiErrors.emailTaken] });
        throw error;
      }
    },

    /** A new password for a signed-in user; every other session of theirs is signed out. */
    async changePassword(principal: Principal, currentPassword: string | undefined, password: string): Promise<void> {
      const user = principal.user;
      if (user.password_hash && !(await verifyPassword(user.password_hash, currentPassword ?? ''))) {
        throw AppError.fields({ current_password: [settingsMessages.currentPasswordWrong] });
      }
      const now = nowIso();
      const passwordHash = await hashPassword(password);
      await k.transaction().execute(async (trx) => {
        await users.updateUser(trx, user.id, { password_hash: passwordHash, updated_at: now });
        await sessions.revokeOtherSessions(trx, user.id, principal.sessionId, now);
        await sessions.expireUserResetTokens(trx, user.id, now);
      });
    },

    async revokeOtherSessions(principal: Principal): Promise<number> {
      return sessions.revokeOtherSessions(k, principal.user.id, principal.sessionId, nowIso());
    },

    async listSessions(principal: Principal) {
      const rows = await sessions.liveSessions(k, principal.user.id, nowIso());
      return rows.map((r) => ({ id: r.id, created_at: r.created_at, last_used_at: r.last_used_at, current: r.id === principal.sessionId }));
    },

    /** Always the same answer, whether or not the address has an account. */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await users.findUserByEmail(k, email);
      if (!user) {
        log.info('password reset asked for an unknown e-mail');
        return;
      }
      const token = newSecret();
      const now = new Date();
      const link = `${config.publicUrl}/forgot-password?token=${encodeURIComponent(token)}`;
      // The token and its e-mail together: no usable token without a queued e-mail, nor the reverse.
      await k.transaction().execute(async (trx) => {
        await sessions.insertResetToken(trx, {
          user_id: user.id,
          token_hash: sha256(token),
          now: now.toISOString(),
          expires_at: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
        });
        const text = [
          `Hello ${user.first_name},`,
          '',
          'Someone asked to reset the password of your Domain Market account.',
          `Open this link within 30 minutes to choose a new one:`,
          '',
          link,
          '',
          'If it was not you, ignore this e-mail: your password stays as it is.',
        ].join('\n');
        await queueMail(trx, { to: user.email, subject: 'Reset your Domain Market password', text }, now.toISOString());
      });
      mailQueued();
    },

    async validateResetToken(token: string): Promise<void> {
      if (!(await sessions.findUsableResetToken(k, sha256(token), nowIso()))) {
        throw new AppError('NOT_FOUND', apiErrors.resetTokenInvalid);
      }
    },

    /** Sets the new password, burns every open reset token and signs the user out everywhere. */
    async confirmPasswordReset(token: string, password: string): Promise<void> {
      const now = nowIso();
      const passwordHash = await hashPassword(password);
      await k.transaction().execute(async (trx) => {
        const row = await sessions.findUsableResetToken(trx, sha256(token), now);
        if (!row || !(await sessions.consumeResetToken(trx, row.id, now))) {
          throw new AppError('NOT_FOUND', apiErrors.resetTokenInvalid, { token: [apiErrors.resetTokenInvalid] });
        }
        await users.updateUser(trx, row.user_id, { password_hash: passwordHash, updated_at: now });
        await sessions.expireUserResetTokens(trx, row.user_id, now);
        await sessions.revokeUserSessions(trx, row.user_id, now);
      });
    },

    /** Creates the account or promotes it; used by the CLI and ADMIN_EMAIL at start. */
    async ensureSuperAdmin(email: string, password: string): Promise<UserRow> {
      const normalized = email.trim().toLowerCase();
      const existing = await users.findUserByEmail(k, normalized);
      const now = nowIso();
      if (existing) {
        return users.updateUser(k, existing.id, {
          role: AdminRole.SuperAdmin,
          password_hash: await hashPassword(password),
          updated_at: now,
        });
      }
      return users.insertUser(k, {
        email: normalized,
        password_hash: await hashPassword(password),
        first_name: 'Site',
        last_name: 'Administrator',
        role: AdminRole.SuperAdmin,
        user_role: null,
        country: null,
        authentication_label: null,
        created_at: now,
        updated_at: now,
      });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
