import { dnsRecordsInputSchema, dnsZoneSchema, recordId } from '@market/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, requireAuth } from '../../lib/auth-guard.js';
import type { AuthService } from '../auth/index.js';
import type { DnsRecordsService } from './dns-records.service.js';

const idParams = z.object({ id: recordId });

/** The DNS records of a parked name, for whoever controls its DNS (its owner). */
export const dnsRecordsRoutes: FastifyPluginAsyncZod<{ auth: AuthService; dnsRecords: DnsRecordsService }> = async (app, { auth, dnsRecords }) => {
  const authenticated = requireAuth(auth);
  const tags = ['dns'];

  app.get('/:id/dns/', { onRequest: authenticated, schema: { tags, params: idParams, response: { 200: dnsZoneSchema } } }, async (request) =>
    dnsRecords.get(principalOf(request), request.params.id),
  );

  app.put(
    '/:id/dns/',
    { onRequest: authenticated, schema: { tags, params: idParams, body: dnsRecordsInputSchema, response: { 200: dnsZoneSchema } } },
    async (request) => dnsRecords.replace(principalOf(request), request.params.id, request.body),
  );
};
