export * from './constants.js';
export * from './messages.js';
export * from './roles.js';
export * from './validation.js';
export * from './redirect.js';
export * from './api/auth.js';
