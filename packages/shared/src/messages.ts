/**
 * Every user-facing sentence the specification quotes, spelled exactly as it is there.
 * The web forms and the server both import these, so a message changes in one place only.
 */
export const validationMessages = {
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Confirm password is required.',
  confirmPasswordMismatch: 'Confirm password does not match.',
  // Not quoted by the spec; our own wording for limits the spec leaves open.
  passwordTooShort: 'Password must be at least 8 characters.',
  tooLong: (max: number) => `Must be at most ${max} characters.`,
} as const;

export const authToasts = {
  loginFailedTitle: 'Login Failed',
  loginFailedBody: 'Please check your credentials',
  socialLoginFailedTitle: 'Login Failed!',
  socialLoginFailedBody: 'Please check your email and password.',
  registrationFailedTitle: 'Failed!',
  registrationFailedBody: 'Server Error',
  signupSuccess: 'You Have Successfully Signed Up',
  resetTokenInvalidTitle: 'Failed!',
  resetTokenInvalidBody: 'Reset Password Token is Invalid or expired!',
  resetConfirmFailedTitle: 'Failed!',
  resetConfirmFailedBody: 'Something Went Wrong!',
  serverError: 'Server Error',
  resetDone: 'Your Password has been reset, Please login with your new credentials!',
  resetEmailSent: 'An Email with password reset link is sent to your email address!',
} as const;

/** Server error details that are ours (the spec leaves them open). */
export const apiErrors = {
  invalidCredentials: 'Unable to log in with provided credentials.',
  emailTaken: 'A user with that email already exists.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  tooManyRequests: 'Request was throttled. Please try again later.',
  tooManyFailures: 'Too many failed sign-in attempts for this account. Please try again later.',
  providerNotConfigured: (provider: string) =>
    `Sign-in with "${provider}" is not configured on this server.`,
  socialTokenInvalid: 'The sign-in token from the provider could not be verified.',
  socialEmailMismatch: 'The e-mail does not match the one confirmed by the provider.',
  socialAccountMissing: 'No account is registered with this e-mail yet. Please sign up first.',
  passwordLoginForSocialAccount: 'This account signs in through a social provider.',
  resetTokenInvalid: 'Reset Password Token is Invalid or expired!',
  malformedBody: 'The request body is not valid JSON.',
  validationFailed: 'Some fields are not valid.',
  internal: 'Server Error',
} as const;

export const emptyTableMessage = 'No records to display';
