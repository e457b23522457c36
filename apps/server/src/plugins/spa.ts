import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  PAGE_ANSWERS_ELEMENT_ID,
  serializePageAnswers,
  servicesListWorkspaceId,
  type PageAnswers,
} from '@herald/contract/api/page-answers';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { negotiateEncoding } from '../lib/accept-encoding';
import { compressBody } from './compress-json';
import { isApiPath } from './error-handler';
import { pageAnswersFor } from './page-answers';
import { paintedPages } from './painted-pages';

/** Vite puts content-hashed bundles here: a file's name changes whenever its content does. */
const HASHED_ASSETS_PREFIX = '/assets/';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and unhashed public files) must be revalidated so a deploy is picked up on the next load. */
const REVALIDATE = 'no-cache';
/** A page carrying a signed-in user's answers is theirs alone and of that moment: no cache may keep it. */
const PRIVATE_PAGE = 'no-store, private';
/** The HTML files a page may be sent as (the shells are absent from a build without them). */
const PAGE_FILES = ['index.html', 'login.html', 'signup.html'] as const;
/** An HTML file or its precompressed variant. */
const HTML_FILE = /\.html(\.br|\.gz)?$/;

export const MISSING_BUILD_MESSAGE =
  'Herald Cloud: the web app has not been built yet.\n\n' +
  'Run `npm run build` in the repository root (or start with `npm start`, which builds first), then reload.\n';

/** Answers a request the router did not match, or returns undefined to let the caller send a 404. */
export type SpaFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<void> | FastifyReply | undefined;

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
 * The HTML of a client route. The build writes, beside index.html, the same document with a page painted before any
 * script runs (apps/web/vite-static-shells.ts, docs/decisions/017): the login and sign-up forms, sent to a visitor
 * (no session cookie; someone signed in is sent on from `/` and must not see a login form first). Every other page,
 * a sign-up from an invitation (its first view is the invitation) and a build without shells get index.html.
 */
export function htmlFileFor(request: FastifyRequest, shells: ReadonlySet<string>): string {
  const [pathname = '/', query] = request.url.split('?', 2);
  const hasSession = Boolean(request.cookies?.[AUTH_COOKIE_NAME]);
  let file = 'index.html';
  if (!hasSession && pathname === '/') file = 'login.html';
  else if (!hasSession && pathname === '/signup' && !query) file = 'signup.html';
  return shells.has(file) ? file : 'index.html';
}

/**
 * A page's HTML with the API answers it starts with (docs/decisions/029), as JSON the browser never runs (the CSP
 * allows no inline script). A replacer function, so a `$` in the JSON is not read as a replacement pattern.
 */
export function withPageAnswers(html: string, answers: PageAnswers): string {
  const element = `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${serializePageAnswers(answers)}</script>`;
  return html.replace('</body>', () => `${element}</body>`);
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
  const shells = new Set<string>(PAGE_FILES.filter((file) => fs.existsSync(path.join(root, file))));
  const painter = paintedPages(root, app.log);
  app.addHook('onClose', async () => painter.close());
  // Each page is one of the built HTML files with its answers added. Read per request (16 KiB from the page cache),
  // so a build made while the server runs is served at once, as the static files are. A signed-in services list is
  // painted from its answers by the server instead (docs/decisions/032); any other page, or one it cannot paint,
  // is sent as before.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const [template, answers] = await Promise.all([
      fs.promises.readFile(path.join(root, htmlFileFor(request, shells)), 'utf8'),
      pageAnswersFor(app, request, pathname),
    ]);
    const painted =
      servicesListWorkspaceId(pathname) !== null && request.method === 'GET'
        ? await painter.paint(pathname, answers)
        : null;
    const html = withPageAnswers(painted ?? template, answers);
    const isPrivate = answers.answers.some(
      (answer) => answer.id === 'getUser' && answer.status === 200,
    );
    reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('cache-control', isPrivate ? PRIVATE_PAGE : REVALIDATE)
      .header('vary', 'Accept-Encoding, Cookie');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) {
      reply.send(html);
      return;
    }
    reply
      .header('content-encoding', encoding)
      .send(await compressBody(encoding, Buffer.from(html)));
  };
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    // Never a dot-directory: the build's manifest (.vite) and the server's own renderer (.server, decision 032).
    dotfiles: 'ignore',
    // The build writes `.br` and `.gz` beside each text file (apps/web/vite.config.ts): the best one the browser
    // accepts is sent as is, so nothing is compressed per request; identity when it accepts neither.
    preCompressed: true,
    setHeaders(response, filePath) {
      response.setHeader('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      // The body depends on Accept-Encoding: a shared cache must not hand a brotli body to a gzip-only client. A
      // page's HTML also depends on the session cookie (htmlFileFor).
      response.setHeader(
        'vary',
        HTML_FILE.test(filePath) ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
      );
    },
  });

  // `/` would be the static directory index (index.html): it is a page like the others, whose HTML is picked here.
  // Hidden from the OpenAPI document: a page, not an API call.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    await sendPage(request, reply);
    return reply;
  });
  return (request, reply) => {
    if (!isClientRoute(request)) return undefined;
    return sendPage(request, reply);
  };
}
