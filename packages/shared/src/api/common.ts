import { z } from 'zod';

/** A person as other users see them: a name, never an e-mail. */
export const personRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() });
export type PersonRef = z.infer<typeof personRef>;

/** The body of a 204 answer in `schema.response`: nothing. */
export const noContent = z.null().describe('No content.');

/** A card processor's checkout page to send the browser to. */
export const checkoutUrlSchema = z.object({ url: z.string() });

/** A page of HTML (the server-rendered pages and the web app's shell). */
export const htmlPage = z.string().describe('An HTML page (text/html).');

/** A stylesheet (text/css) the server sends itself. */
export const stylesheet = z.string().describe('A stylesheet (text/css).');

/** GET /api/health: the process answers. */
export const healthSchema = z.object({ status: z.literal('ok') });

/** GET /api/openapi.json: the OpenAPI 3 document of the API, generated from these schemas. */
export const openApiDocument = z.record(z.string(), z.unknown()).describe('An OpenAPI 3 document.');
