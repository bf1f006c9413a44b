/**
 * Every user-facing sentence, spelled exactly as users know it (docs/product.md section 6).
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
  // Ours: wording for limits added later.
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

/** Server error details that are ours. */
export const apiErrors = {
  invalidCredentials: 'Unable to log in with provided credentials.',
  emailTaken: 'A user with that email already exists.',
  notAuthenticated: 'Authentication credentials were not provided.',
  invalidToken: 'Invalid token.',
  permissionDenied: 'You do not have permission to perform this action.',
  notFound: 'Not found.',
  tooManyRequests: 'Request was throttled. Please try again later.',
  overloaded: 'The server is busy. Please try again in a moment.',
  tooManyFailures: (seconds: number) =>
    `Too many failed sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
  providerNotConfigured: (provider: string) =>
    `Sign-in with "${provider}" is not configured on this server.`,
  socialTokenInvalid: 'The sign-in token from the provider could not be verified.',
  socialEmailMismatch: 'The e-mail does not match the one confirmed by the provider.',
  socialAccountMissing: 'No account is registered with this e-mail yet. Please sign up first.',
  passwordLoginForSocialAccount: 'This account signs in through a social provider.',
  resetTokenInvalid: 'Reset Password Token is Invalid or expired!',
  malformedBody: 'The request body is not valid JSON.',
  uploadIncomplete: 'The upload ended before its last part arrived, so nothing was saved. Please send it again.',
  validationFailed: 'Some fields are not valid.',
  internal: 'Server Error',
} as const;

export const emptyTableMessage = 'No records to display';

export const domainMessages = {
  nameRequired: 'Please enter domain name is required.',
  priceInvalid: 'Please enter price.',
  minOfferInvalid: 'Please enter min offer.',
  tradeOptionRequired: 'Trade option is required.',
  startupBreederRequired: 'Startup Breeder is required.',
  importEmpty: 'Please type domains or import a file to upload.',
  importSpecialCharacters: 'Please remove special characters in domain name.',
  /** The listed words, then the largest size and what to do (and the file's size, when known). */
  fileTooLarge: (file: string, bytes?: number) =>
    `${file} is too large, please pick a smaller than 2M. ${
      bytes === undefined
        ? 'The largest file we take is 2 MB. Split the list into smaller files.'
        : // Rounded up, so a file just over the limit never reads as "2.0 MB".
          `The file is ${(Math.ceil((bytes / 1_048_576) * 10) / 10).toFixed(1)} MB; the largest file we take is 2 MB. Split the list into smaller files.`
    }`,
  fileHint: 'For xls/csv files put one domain per row; for txt files one domain per line.',
  added: 'Successfully Added.',
  addFailed: 'Failed to add domains',
  updated: 'Your domain was successfully updated.',
  updateFailed: 'Failed! Please try again.',
  deleteTitle: 'Delete Domain',
  deleteConfirm: 'Are you sure you want to delete this domain?',
  deleted: 'Domain was successfully deleted.',
  deleteFailed: 'Failed to delete domain.',
  propagationWarning: 'Landing page propagation can take up to 24 hours.',
  // Ours.
  importInvalidNames: 'Some names are not valid domain names. Please correct them and try again.',
  importUnsupportedFile: 'Please choose a .txt, .csv, .xls or .xlsx file.',
  importUnreadableFile: 'The file could not be read. Please check it is a valid spreadsheet or text file.',
  buyNowRequired: 'Domains priced under $10,000 are sold at a Buy Now price; choose Buy Now.',
  minOfferNotAllowed: 'Domains under $10,000 take no offers, so they have no minimum offer.',
  minOfferAbovePrice: 'The minimum offer cannot be higher than the price.',
  priceTooHigh: 'Please enter a price up to $1,000,000,000.',
  priceNegative: 'Price must be a positive amount in dollars, e.g. 2500.',
  minOfferNegative: 'Min offer must be a positive amount in dollars, e.g. 12000, or 0 for none.',
  importMissingExtension: 'A domain name needs its extension: add it, e.g. example.com.',
  /** After the spec's words: how big the file is and what to do about it. */
  importsThrottled: (perMinute: number, retrySeconds: number) =>
    `You can import up to ${perMinute} times a minute. Please try again in ${retrySeconds} seconds.`,
  notTheSellers: 'This domain is no longer held by the order’s seller, so it cannot pass to the buyer. Check who holds it before the payout.',
} as const;

/**
 * What a seller is told when an admin approves or declines their domains: one notice per seller
 * and decision, however many of their domains it covered (a bulk approval sends no flood).
 * `names` are some of those domains, at most a few; `count` is how many there were. Ours.
 */
export function domainReviewNotice(action: 'approve' | 'deny', count: number, names: readonly string[]): { subject: string; message: string } {
  const one = count === 1 && names[0] !== undefined ? names[0] : undefined;
  const shown = names.slice(0, 3).join(', ');
  const more = count > names.slice(0, 3).length ? ` and ${count - names.slice(0, 3).length} more` : '';
  if (action === 'approve') {
    return one
      ? { subject: `Your domain ${one} is approved`, message: `${one} is approved: it is now listed in search and on its landing page.` }
      : { subject: `${count} of your domains are approved`, message: `${count} of your domains are approved (${shown}${more}): they are now listed in search and on their landing pages.` };
  }
  return one
    ? { subject: `Your domain ${one} was declined`, message: `${one} was declined, so it is not listed. Check its details in your portfolio, or contact us if you think this is a mistake.` }
    : {
        subject: `${count} of your domains were declined`,
        message: `${count} of your domains were declined (${shown}${more}), so they are not listed. Check their details in your portfolio, or contact us if you think this is a mistake.`,
      };
}

export const settingsMessages = {
  subscribed: 'Thanks! You will hear from us about new domains and features.',
  passwordChanged: 'Your password has been changed. Your other sessions were signed out.',
  currentPasswordWrong: 'Your current password is not correct.',
  sessionsRevoked: (n: number) => (n === 1 ? 'Signed out of 1 other session.' : `Signed out of ${n} other sessions.`),
  preferencesSaved: 'Your preferences have been saved.',
} as const;
