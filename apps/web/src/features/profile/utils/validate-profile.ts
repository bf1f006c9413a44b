import { FIELD_LIMITS, type FieldErrors, isValidEmail, type SignupRole, validationMessages as m } from '@market/shared';

/**
 * Ours. Same words as the server's field error, so the user
 * reads one sentence whichever side catches it first.
 */
export const profileMessages = {
  currentPasswordRequired: 'Enter your current password to change your e-mail.',
  saved: 'Your profile has been saved.',
  socialEmail: 'Your e-mail address is managed by the provider you sign in with.',
} as const;

export interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  current_password: string;
  user_role: SignupRole | '';
  country: string | null;
}

export function normaliseEmail(value: string): string {
  return value.trim().toLowerCase();
}

function required(value: string, missing: string): string | undefined {
  const v = value.trim();
  if (!v) return missing;
  return v.length > FIELD_LIMITS.name ? m.tooLong(FIELD_LIMITS.name) : undefined;
}

/**
 * The signup rules for the same fields (shared messages), plus: a password account changing its
 * e-mail must confirm it with the current password.
 */
export function validateProfile(
  values: ProfileValues,
  context: { currentEmail: string; passwordAccount: boolean },
): FieldErrors<keyof ProfileValues> {
  const errors: FieldErrors<keyof ProfileValues> = {};
  const firstName = required(values.first_name, m.firstNameRequired);
  if (firstName) errors.first_name = firstName;
  const lastName = required(values.last_name, m.lastNameRequired);
  if (lastName) errors.last_name = lastName;
  const email = values.email.trim();
  if (!email) errors.email = m.emailRequired;
  else if (!isValidEmail(email)) errors.email = m.emailInvalid;
  const emailChanged = normaliseEmail(values.email) !== normaliseEmail(context.currentEmail);
  if (!errors.email && emailChanged && context.passwordAccount && !values.current_password) {
    errors.current_password = profileMessages.currentPasswordRequired;
  }
  return errors;
}
