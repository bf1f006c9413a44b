import {
  authProvidersResponse,
  authResponse,
  changePasswordRequest,
  loginRequest,
  noContent,
  registerRequest,
  resetConfirmRequest,
  resetPasswordRequest,
  resetTokenRequest,
  revokedSessionsSchema,
  sessionSchema,
  statusResponse,
  updateUserRequest,
  userSchema,
} from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import { principalOf, requireAuth } from '../../lib/auth-guard.js';
import { presentUser } from './auth.presenter.js';
import type { AuthService } from './auth.service.js';

const OK = { status: 'OK' } as const;
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; limits: AppConfig['rateLimits'] }> = async (
  app,
  { auth, limits },
) => {
  const authenticated = requireAuth(auth);
  const tags = ['auth'];

  app.post(
    '/login/',
    { config: perMinute(limits.loginPerMinutePerIp), schema: { tags, body: loginRequest, response: { 200: authResponse } } },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/register/',
    { config: perMinute(limits.registerPerMinutePerIp), schema: { tags, body: registerRequest, response: { 201: authResponse } } },
    async (request, reply) => reply.status(201).send(await auth.register(request.body)),
  );

  app.get(
    '/user/',
    { onRequest: authenticated, schema: { tags, response: { 200: userSchema } } },
    async (request) => presentUser(principalOf(request).user),
  );

  app.put(
    '/user/',
    { onRequest: authenticated, schema: { tags, body: updateUserRequest, response: { 200: userSchema } } },
    async (request) => auth.updateProfile(principalOf(request), request.body),
  );

  app.post('/logout/', { onRequest: authenticated, schema: { tags, response: { 204: noContent } } }, async (request, reply) => {
    await auth.logout(principalOf(request));
    return reply.status(204).send(null);
  });

  app.post(
    '/token/refresh/',
    { onRequest: authenticated, schema: { tags, response: { 200: authResponse } } },
    async (request) => auth.refresh(principalOf(request)),
  );

  app.post(
    '/password/change/',
    { onRequest: authenticated, config: perMinute(10), schema: { tags, body: changePasswordRequest, response: { 200: statusResponse } } },
    async (request) => {
      await auth.changePassword(principalOf(request), request.body.current_password, request.body.password);
      return OK;
    },
  );

  app.get('/sessions/', { onRequest: authenticated, schema: { tags, response: { 200: z.array(sessionSchema) } } }, async (request) => auth.listSessions(principalOf(request)));

  app.post('/sessions/revoke-others/', { onRequest: authenticated, schema: { tags, response: { 200: revokedSessionsSchema } } }, async (request) => ({
    revoked: await auth.revokeOtherSessions(principalOf(request)),
  }));

  app.get(
    '/providers/',
    {
      schema: {
        tags,
        response: { 200: authProvidersResponse },
      },
    },
    async () => auth.providers().map(({ name, label }) => ({ name, label })),
  );

  app.post(
    '/reset-password/',
    { config: perMinute(limits.resetPerMinutePerIp), schema: { tags, body: resetPasswordRequest, response: { 200: statusResponse } } },
    async (request) => {
      await auth.requestPasswordReset(request.body.email);
      return OK;
    },
  );

  app.post(
    '/reset-password/validate_token/',
    { config: perMinute(30), schema: { tags, body: resetTokenRequest, response: { 200: statusResponse } } },
    async (request) => {
      await auth.validateResetToken(request.body.token);
      return OK;
    },
  );

  app.post(
    '/reset-password/confirm/',
    { config: perMinute(10), schema: { tags, body: resetConfirmRequest, response: { 200: statusResponse } } },
    async (request) => {
      await auth.confirmPasswordReset(request.body.token, request.body.password);
      return OK;
    },
  );
};
