import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { apiErrors, htmlPage, isAppPath } from '@market/shared';
import { HOME_SCRIPT_CSP, introSeen, prerenderHomePage } from './ssr/home-page.js';
import type { FastifyInstance, FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyReply {
    /** Answers with the React app's index.html (or a 503 explaining it is not built). */
    sendApp(): FastifyReply;
  }
}

/**
 * Serves the built React app: hashed assets with long caching, and index.html for every other
 * browser path so client-side routes work on reload; unknown paths (which show home) answer 404.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = indexFile !== undefined && fs.existsSync(indexFile);
  if (hasWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The web build writes .br and .gz beside each asset; send those when the browser accepts them.
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }
  const indexHtml = hasWeb && indexFile ? fs.readFileSync(indexFile, 'utf8') : undefined;

  app.decorateReply('sendApp', function sendApp(this: FastifyReply) {
    if (!indexHtml) {
      return this.status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm start` (it builds what is missing).');
    }
    return this.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
  });

  // The home page arrives with its hero in the first response (static pages: ssr/public.routes.ts).
  if (indexHtml) {
    const home = { firstVisit: prerenderHomePage(indexHtml, { intro: true }), again: prerenderHomePage(indexHtml, { intro: false }) };
    app.get('/', { schema: { hide: true, response: { 200: htmlPage } } }, (request, reply) => {
      // The app-wide policy (helmet, app.ts), plus the home page's own inline script by its hash.
      const csp = reply.getHeader('content-security-policy');
      if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("script-src 'self'", `script-src 'self' ${HOME_SCRIPT_CSP}`));
      return reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Cookie')
        .send(introSeen(request.headers.cookie) ? home.again : home.firstVisit);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ detail: apiErrors.notFound, code: 'NOT_FOUND' });
    }
    // A missing asset must be a real 404, or the browser would try to run index.html as code.
    if (request.url.startsWith('/assets/')) return reply.status(404).send({ detail: apiErrors.notFound, code: 'NOT_FOUND' });
    // The app shows home on an unknown path (docs/product.md, section 3), but says it is not a page.
    const pathname = request.url.split('?')[0] ?? '/';
    return reply.status(isAppPath(pathname) ? 200 : 404).sendApp();
  });
}
