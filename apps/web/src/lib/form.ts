import type { FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { FieldErrorMap } from './api-client';

/**
 * Adapts the shared validate* functions (first error per field, in the order the form checks them) to
 * react-hook-form, so the forms and the server speak the very same messages.
 */
export function validatorResolver<T extends FieldValues>(
  validate: (values: T) => Partial<Record<string, string>>,
): Resolver<T> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [field, message] of Object.entries(validate(values))) {
      if (message) errors[field] = { type: 'validate', message };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** Form options shared by every form: validate on submit, never re-validate while typing. */
export const submitOnlyValidation = { mode: 'onSubmit', reValidateMode: 'onSubmit' } as const;

/**
 * Props for an MUI TextField bound to a field. Typing in the field clears its error
 * (docs/product.md section 6) instead of re-validating it, so a half-typed e-mail is not scolded.
 */
export function textFieldProps<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const { ref, ...field } = form.register(name, { onChange: () => form.clearErrors(name) });
  const message = form.formState.errors[name]?.message;
  const error = typeof message === 'string' ? message : undefined;
  return { ...field, inputRef: ref, error: Boolean(error), helperText: error };
}

/**
 * Puts server field errors under the matching inputs. Returns the messages that belong to no
 * visible field, for the caller to show another way.
 */
export function applyServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  fieldErrors: FieldErrorMap,
  fields: ReadonlyArray<Path<T>>,
): string[] {
  const leftovers: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(fieldErrors)) {
    const message = messages[0];
    if (!message) continue;
    if ((fields as readonly string[]).includes(field)) {
      form.setError(field as Path<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else leftovers.push(message);
  }
  return leftovers;
}
