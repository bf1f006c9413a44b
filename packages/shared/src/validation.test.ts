import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './messages.js';
import { validateForgotPassword, validateLogin, validateSetPassword, validateSignup } from './validation.js';

const emptySignup = { first_name: '', last_name: '', email: '', password: '', confirm_password: '' };

describe('login validation', () => {
  it('reports the shared messages', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({ email: m.emailRequired, password: m.passwordRequired });
    expect(validateLogin({ email: 'nope', password: 'x' })).toEqual({ email: m.emailInvalid });
    expect(validateLogin({ email: 'a@b.co', password: 'x' })).toEqual({});
  });
});

describe('signup validation', () => {
  it('checks the fields in the documented order', () => {
    expect(Object.values(validateSignup(emptySignup, 'custom'))).toEqual([
      m.firstNameRequired,
      m.lastNameRequired,
      m.emailRequired,
      m.passwordRequired,
      m.confirmPasswordRequired,
    ]);
  });

  it('skips both password fields for social signup', () => {
    expect(validateSignup({ ...emptySignup, first_name: 'A', last_name: 'B', email: 'a@b.co' }, 'social')).toEqual({});
  });

  it('reports a confirmation that does not match', () => {
    const v = { first_name: 'A', last_name: 'B', email: 'a@b.co', password: 'long enough', confirm_password: 'different' };
    expect(validateSignup(v, 'custom')).toEqual({ confirm_password: m.confirmPasswordMismatch });
  });

  it('treats blank names as missing', () => {
    expect(validateSignup({ ...emptySignup, first_name: '   ' }, 'social').first_name).toBe(m.firstNameRequired);
  });
});

describe('forgot and set password validation', () => {
  it('uses the shared messages', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: m.emailRequired });
    expect(validateForgotPassword({ email: 'x@' })).toEqual({ email: m.emailInvalid });
    expect(validateSetPassword({ password: '', confirm_password: '' })).toEqual({
      password: m.passwordRequired,
      confirm_password: m.confirmPasswordRequired,
    });
    expect(validateSetPassword({ password: 'long enough', confirm_password: 'long enougH' })).toEqual({
      confirm_password: m.confirmPasswordMismatch,
    });
  });
});
