import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_DOCS_THEME_CSS, API_DOCS_THEME_JS } from './api-docs-theme';

export const OPENAPI_PATH = '/v3/openapi.json';
export const DOCS_PREFIX = '/v3/docs';

/**
 * Collects every route as it is registered (so register this before the modules) and turns the contract's zod
 * schemas into an OpenAPI 3.1 document. Routes marked `hide` (static files, the docs themselves) stay out.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Herald Cloud API',
        description:
          'The control plane API of Herald Cloud. Every failure is `{ code, message, requestId, issues? }`.',
        version: '3',
      },
      // No `servers`: clients and "Try it out" then use the origin the document was fetched from, which the CSP
      // (connect-src 'self') allows even when that is not PUBLIC_URL (127.0.0.1 vs localhost, a LAN address).
      // A single-entry servers list would also render an unlabelled <select> in the reference (axe select-name).
    },
    transform: jsonSchemaTransform,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/** The interactive reference. Registered last, so its own routes exist only once the document is complete. */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    uiConfig: {
      // The default validator badge loads an image from validator.swagger.io, which the CSP (rightly) blocks.
      validatorUrl: null,
      // Deep links put an <a> inside each operation's toggle button (axe: nested-interactive).
      deepLinking: false,
      // No top bar: its "explore any URL" box, logo and toggle add nothing here and fail axe (unlabelled input,
      // image without alt, unnamed button).
      layout: 'BaseLayout',
    },
    theme: {
      title: 'Herald Cloud API',
      css: [{ filename: 'herald.css', content: API_DOCS_THEME_CSS }],
      js: [{ filename: 'herald.js', content: API_DOCS_THEME_JS }],
    },
  });
}
