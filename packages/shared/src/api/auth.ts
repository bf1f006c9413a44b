import { z } from 'zod';
import { FIELD_LIMITS } from '../constants.js';
import { validationMessages as m } from '../messages.js';
import { adminRoleValues, signupRoles, subscriptionTiers } from '../roles.js';
import { isValidEmail } from '../validation.js';

/** A string field that is present and not blank, with the shared message when it is missing. */
function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, { error: message, abort: true })
    .max(max, { error: m.tooLong(max) });
}

const email = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, { error: m.emailRequired, abort: true })
  .max(FIELD_LIMITS.email, { error: m.emailInvalid, abort: true })
  .refine(isValidEmail, { error: m.emailInvalid })
  .transform((v) => v.toLowerCase());

const password = z
  .string({ error: m.passwordRequired })
  .min(1, { error: m.passwordRequired, abort: true })
  .min(FIELD_LIMITS.passwordMin, { error: m.passwordTooShort })
  .max(FIELD_LIMITS.passwordMax, { error: m.tooLong(FIELD_LIMITS.passwordMax) });

const providerToken = z.string().min(1).max(FIELD_LIMITS.providerToken);
const providerLabel = z.string().trim().min(1).max(50);

type CredentialFields = {
  password?: string | null;
  authentication_type?: string;
  authentication_label?: string | null;
  authentication_token?: string | null;
};

/**
 * Password for custom accounts, provider fields for social ones. Runs even when other fields
 * failed (`when`), so a form learns every missing field at once; a field that already has an
 * issue (say, a password that is too short) is not reported twice.
 */
function requireCredentials(v: CredentialFields | undefined, ctx: z.RefinementCtx): void {
  const has = (field: string) => ctx.issues.some((i) => i.path?.[0] === field);
  const require = (field: keyof CredentialFields, message: string) => {
    if (!v?.[field] && !has(field)) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  if ((v?.authentication_type ?? 'custom') === 'social') {
    require('authentication_label', 'This field is required.');
    require('authentication_token', 'This field is required.');
  } else {
    require('password', m.passwordRequired);
  }
}
const always = { when: () => true };

/** One body for both sign-in kinds; the social one carries a sign-in ticket (see socialTicketClaims) instead of a password. */
export const loginRequest = z
  .object({
    username: email,
    // Login never checks length rules: an old account may predate them.
    password: z.string().max(FIELD_LIMITS.passwordMax).optional(),
    authentication_type: z.enum(['custom', 'social']).default('custom'),
    authentication_label: providerLabel.optional().nullable(),
    authentication_token: providerToken.optional().nullable(),
  })
  .superRefine(requireCredentials, always);
export type LoginRequest = z.input<typeof loginRequest>;

export const registerRequest = z
  .object({
    first_name: requiredText(m.firstNameRequired, FIELD_LIMITS.name),
    last_name: requiredText(m.lastNameRequired, FIELD_LIMITS.name),
    email,
    password: password.optional(),
    user_role: z.enum(signupRoles).optional().nullable(),
    country: z.string().trim().max(FIELD_LIMITS.country).optional().nullable(),
    authentication_type: z.enum(['custom', 'social']).default('custom'),
    authentication_label: providerLabel.optional().nullable(),
    authentication_token: providerToken.optional().nullable(),
  })
  .superRefine(requireCredentials, always);
export type RegisterRequest = z.input<typeof registerRequest>;

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.number().int(),
  user_role: z.enum(signupRoles).nullable(),
  country: z.string().nullable(),
  subscription: z.enum(subscriptionTiers),
  authentication_type: z.enum(['custom', 'social']),
  notify_email: z.boolean(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponse = z.object({ token: z.string(), user: userSchema });
export type AuthResponse = z.infer<typeof authResponse>;

export const updateUserRequest = z
  .object({
    first_name: requiredText(m.firstNameRequired, FIELD_LIMITS.name).optional(),
    last_name: requiredText(m.lastNameRequired, FIELD_LIMITS.name).optional(),
    email: email.optional(),
    user_role: z.enum(signupRoles).optional().nullable(),
    country: z.string().trim().max(FIELD_LIMITS.country).optional().nullable(),
    notify_email: z.boolean().optional(),
    // Needed to change the e-mail of a password account, so a stolen session cannot take it over.
    current_password: z.string().max(FIELD_LIMITS.passwordMax).optional(),
  })
  .passthrough();
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

export const resetPasswordRequest = z.object({ email });
export const subscribeRequest = z.object({ email });
/** The same answer whether the address was new or not: nobody learns who subscribed. */
export const subscribeResponse = z.object({ status: z.literal('OK'), message: z.string() });
export const changePasswordRequest = z.object({
  current_password: z.string().max(FIELD_LIMITS.passwordMax).optional(),
  password,
});
export const resetTokenRequest = z.object({ token: z.string().min(1).max(256) });
export const resetConfirmRequest = z.object({ password, token: z.string().min(1).max(256) });
export const statusResponse = z.object({ status: z.literal('OK') });

export const setRoleRequest = z.object({
  id: z.number().int().positive(),
  role: z.union(adminRoleValues.map((r) => z.literal(r)) as [z.ZodLiteral<0>, z.ZodLiteral<1>, z.ZodLiteral<2>]),
});

export const authProvidersResponse = z.array(z.object({ name: z.string(), label: z.string() }));
export type AuthProvider = z.infer<typeof authProvidersResponse>[number];

/**
 * Social sign-in is the OIDC authorization code flow run by the server: the browser navigates
 * to the start path, the provider sends it back to the server's callback, and the server sends
 * it on to /login with a sign-in ticket (or an error) in the fragment, never in the query, so
 * the ticket reaches neither server logs nor Referer headers.
 */
export const oidcStartPath = (provider: string, next: string): string =>
  `/api/auth/oidc/${encodeURIComponent(provider)}/start?${new URLSearchParams({ next })}`;
export const oidcCallbackPath = (provider: string): string => `/api/auth/oidc/${encodeURIComponent(provider)}/callback`;

/** The fragment keys of the callback's redirect to /login. */
export const socialCallbackKeys = { ticket: 'social_ticket', error: 'social_error', next: 'next' } as const;

/**
 * The claims of a sign-in ticket the web reads to prefill a social sign-up. The ticket is a JWT
 * the server signed after verifying the provider's ID token; the server checks it again when it
 * comes back as `authentication_token`.
 */
export const socialTicketClaims = z.object({
  email: z.string(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  provider: z.string(),
  label: z.string(),
});
export type SocialTicketClaims = z.infer<typeof socialTicketClaims>;

/** GET /api/auth/sessions/: the user's live sign-in sessions, most recently used first. */
export const sessionSchema = z.object({
  id: z.number(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** POST /api/auth/sessions/revoke-others/: how many other sessions were signed out. */
export const revokedSessionsSchema = z.object({ revoked: z.number().int().min(0) });
