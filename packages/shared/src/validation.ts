import { z } from 'zod';
import { FIELD_LIMITS } from './constants.js';
import { validationMessages as m } from './messages.js';

/** Field name -> first failing message, in the order the form checks them. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(value: string): boolean {
  return value.length <= FIELD_LIMITS.email && EMAIL_PATTERN.test(value);
}

function emailError(value: string | undefined): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return m.emailRequired;
  if (!isValidEmail(v)) return m.emailInvalid;
  return undefined;
}

function collect<F extends string>(checks: Array<[F, string | undefined]>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const [field, message] of checks) {
    if (message && !errors[field]) errors[field] = message;
  }
  return errors;
}

export interface LoginValues {
  email: string;
  password: string;
}

export function validateLogin(v: LoginValues): FieldErrors<keyof LoginValues> {
  return collect<keyof LoginValues>([
    ['email', emailError(v.email)],
    ['password', v.password ? undefined : m.passwordRequired],
  ]);
}

export interface SignupValues {
  first_name: string;
  last_name: string;
  email: string;
  password: string;
  confirm_password: string;
}

/** Password and its confirmation are skipped for social signup (the provider vouches). */
export function validateSignup(
  v: SignupValues,
  mode: 'custom' | 'social',
): FieldErrors<keyof SignupValues> {
  const checks: Array<[keyof SignupValues, string | undefined]> = [
    ['first_name', v.first_name.trim() ? lengthError(v.first_name, FIELD_LIMITS.name) : m.firstNameRequired],
    ['last_name', v.last_name.trim() ? lengthError(v.last_name, FIELD_LIMITS.name) : m.lastNameRequired],
    ['email', emailError(v.email)],
  ];
  if (mode === 'custom') checks.push(...passwordPairChecks(v.password, v.confirm_password));
  return collect(checks);
}

export interface ForgotPasswordValues {
  email: string;
}

export function validateForgotPassword(v: ForgotPasswordValues): FieldErrors<'email'> {
  return collect<'email'>([['email', emailError(v.email)]]);
}

export interface SetPasswordValues {
  password: string;
  confirm_password: string;
}

export function validateSetPassword(v: SetPasswordValues): FieldErrors<keyof SetPasswordValues> {
  return collect(passwordPairChecks(v.password, v.confirm_password));
}

function passwordPairChecks(
  password: string,
  confirm: string,
): Array<['password' | 'confirm_password', string | undefined]> {
  return [
    ['password', passwordError(password)],
    ['confirm_password', confirm ? undefined : m.confirmPasswordRequired],
    ['confirm_password', confirm && password && confirm !== password ? m.confirmPasswordMismatch : undefined],
  ];
}

export function passwordError(password: string | undefined): string | undefined {
  if (!password) return m.passwordRequired;
  if (password.length < FIELD_LIMITS.passwordMin) return m.passwordTooShort;
  if (password.length > FIELD_LIMITS.passwordMax) return m.tooLong(FIELD_LIMITS.passwordMax);
  return undefined;
}

function lengthError(value: string, max: number): string | undefined {
  return value.length > max ? m.tooLong(max) : undefined;
}

/** The largest id a record can have (PostgreSQL's `integer`). */
export const MAX_RECORD_ID = 2_147_483_647;

/**
 * A record's id in a request: a positive whole JSON number, or a string of digits (paths and
 * query strings). Nothing looser: `true`, `[2]`, `"5e0"` or `" 4 "` are refused, not read as ids.
 */
export const recordId = z.union([
  z.number().int().positive().max(MAX_RECORD_ID),
  z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().max(MAX_RECORD_ID)),
]);
