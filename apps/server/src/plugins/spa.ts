import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { isApiPath } from './error-handler';

/** Vite puts content-hashed bundles here: a file's name changes whenever its content does. */
const HASHED_ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and unhashed public files) must be revalidated so a deploy is picked up on the next load. */
const REVALIDATE = 'no-cache';

export const MISSING_BUILD_MESSAGE =
  'Herald Cloud: the web app has not been built yet.\n\n' +
  'Run `npm run build` in the repository root (or start with `npm start`, which builds first), then reload.\n';

/** Answers a request the router did not match, or returns undefined to let the caller send a 404. */
export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | undefined;

function acceptsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

/** History fallback: client-side routes (/services/42) get index.html; API and asset misses stay 404s. */
function isClientRoute(request: FastifyRequest): boolean {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isApiPath(pathname) &&
    !pathname.startsWith(HASHED_ASSETS_PREFIX) &&
    acceptsHtml(request)
  );
}

/**
 * Serves the built SPA from WEB_DIST_DIR. A missing build is not fatal (the API works without it): pages then
 * answer 503 with instructions, so `npm run dev:server` before a first build still starts.
 */
export async function registerSpa(
  app: FastifyInstance,
  config: Pick<Config, 'webDistDir'>,
): Promise<SpaFallback> {
  const root = path.resolve(config.webDistDir);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  if (!hasBuild) {
    app.log.warn(
      { webDistDir: root },
      'The web app is not built: pages answer 503 until `npm run build` is run',
    );
    return (request, reply) => {
      if (!isClientRoute(request)) return undefined;
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(MISSING_BUILD_MESSAGE);
    };
  }

  const assetsDir = path.join(root, HASHED_ASSETS_PREFIX);
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): the best one the browser
    // accepts is sent as is, so nothing is compressed per request; identity when it accepts neither.
    preCompressed: true,
    setHeaders(response, filePath) {
      response.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      // The body depends on Accept-Encoding: a shared cache must not hand a brotli body to a gzip-only client.
      response.setHeader('vary', 'Accept-Encoding');
    },
  });

  return (request, reply) => {
    if (!isClientRoute(request)) return undefined;
    return reply.code(200).sendFile('index.html');
  };
}
