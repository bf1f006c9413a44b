/**
 * Accounts and sign-in. Other modules use only this: who is signed in (Principal), the users'
 * rows, and, for the demo seed, the password hash.
 */
export { authRoutes } from './auth.routes.js';
export { type AuthService, createAuthService, type Principal } from './auth.service.js';
export { createOidcClients } from './oidc-client.js';
export { oidcRoutes } from './oidc.routes.js';
export { hashPassword } from './secrets.js';
export { createSocialTickets } from './social-tickets.js';
export { countUsers, findUserByEmail, findUserById, findUsersByIds, insertUser, updateUser } from './users.repository.js';
