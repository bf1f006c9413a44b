import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer.js';

const row = z.object({ id: z.number().int(), name: z.string(), note: z.string().nullable(), tags: z.array(z.string()) });

async function appAnswering(body: unknown, checked: boolean, schema: z.ZodType = z.array(row)) {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checked }));
  app.get('/', { schema: { response: { 200: schema } } }, async () => body);
  await app.ready();
  return app;
}

describe('response serializer', () => {
  it('writes only what the schema declares, nullables included', async () => {
    const app = await appAnswering([{ id: 1, name: 'a.com', note: null, tags: ['x'], secret: 'hash' }], false);
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1, name: 'a.com', note: null, tags: ['x'] }]);
    expect(res.body).not.toContain('secret');
    await app.close();
  });

  it('fails an answer that breaks its declared shape when checked, as the tests run it', async () => {
    const wrong = [{ id: 1.5, name: 'a.com', note: null, tags: [] }];
    const checked = await appAnswering(wrong, true);
    expect((await checked.inject({ method: 'GET', url: '/' })).statusCode).toBe(500);
    await checked.close();
  });

  it('falls back to zod for a schema JSON Schema cannot express', async () => {
    const app = await appAnswering({ at: new Date('2026-01-02T03:04:05.000Z') }, false, z.object({ at: z.date() }));
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-01-02T03:04:05.000Z' });
    await app.close();
  });
});
