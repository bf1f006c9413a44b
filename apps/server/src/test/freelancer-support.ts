import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, json, uniqueEmail, VALID_PASSWORD } from './test-app.js';

/** Publishes a profile for the user (a headline and a skill, the least publishing needs): they can then be hired. */
export async function publishProfile(app: FastifyInstance, token: string): Promise<void> {
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/freelancers/me/',
    headers: bearer(token),
    payload: { headline: 'Logos and landing pages', bio: '', skills: ['branding'], hourly_rate_cents: null, packages: [], languages: [], country: null, availability: 'available', links: [] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const published = await app.inject({ method: 'POST', url: '/api/freelancers/me/publish/', headers: bearer(token), payload: { published: true } });
  expect(published.statusCode, published.body).toBe(200);
}

/** A user who signed up to work as a freelancer and published their profile. */
export async function registerFreelancer(app: FastifyInstance, first_name = 'Grace', last_name = 'Hopper') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: { first_name, last_name, email: uniqueEmail('freelancer'), password: VALID_PASSWORD, user_role: 'freelancer', country: 'IE' },
  });
  expect(res.statusCode, res.body).toBe(201);
  const user = { ...json<{ token: string; user: { id: number; email: string } }>(res), password: VALID_PASSWORD };
  await publishProfile(app, user.token);
  return user;
}
