import { apiErrors, isAdminRole } from '@market/shared';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import type { AuthService, Principal } from '../modules/auth/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

const TOKEN_HEADER = /^Token\s+([A-Za-z0-9_-]{20,128})$/;

async function resolvePrincipal(auth: AuthService, header: string): Promise<Principal> {
  const key = TOKEN_HEADER.exec(header)?.[1];
  const principal = key ? await auth.authenticate(key) : undefined;
  if (!principal) throw new AppError('UNAUTHENTICATED', apiErrors.invalidToken);
  return principal;
}

/** onRequest hook that admits only requests carrying a live `Authorization: Token <key>`. */
export function requireAuth(auth: AuthService): onRequestAsyncHookHandler {
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) throw new AppError('UNAUTHENTICATED', apiErrors.notAuthenticated);
    request.principal = await resolvePrincipal(auth, header);
  };
}

/**
 * For pages anyone may see but a signed-in viewer sees more of. A stale key still answers 401,
 * so the client learns its session ended.
 */
export function optionalAuth(auth: AuthService): onRequestAsyncHookHandler {
  return async (request) => {
    const header = request.headers.authorization;
    if (header) request.principal = await resolvePrincipal(auth, header);
  };
}

/** Hook to chain after requireAuth: Admin or SuperAdmin only. */
export const requireAdmin: onRequestAsyncHookHandler = async (request) => {
  if (!isAdminRole(principalOf(request).user.role)) throw new AppError('FORBIDDEN', apiErrors.permissionDenied);
};

export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('UNAUTHENTICATED', apiErrors.notAuthenticated);
  return request.principal;
}
