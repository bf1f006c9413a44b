import { z } from 'zod';

/** GET /api/site/contact/: where users write to us (SUPPORT_EMAIL), shown on payment, receipt and contact pages. */
export const siteContactSchema = z.object({ support_email: z.string().email() });
export type SiteContact = z.infer<typeof siteContactSchema>;

/** A text file the server sends itself (robots.txt). */
export const plainText = z.string().describe('A text file (text/plain).');

/** An XML document the server sends itself (sitemap.xml). */
export const xmlDocument = z.string().describe('An XML document (application/xml).');
