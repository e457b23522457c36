import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { isApiPath } from './error-handler';

/**
 * The Content-Security-Policy the SPA and the API docs satisfy. Each directive is the narrowest that works:
 * - script-src 'self': Vite emits external, hashed module scripts only; no inline script, no eval.
 * - style-src 'unsafe-inline': MantineProvider injects a <style> element with its CSS variables and colour
 *   scheme at runtime, and Mantine components (and Swagger UI) set `style` attributes. Inline styles cannot run
 *   code; the injection risk CSP guards against is script, and script stays locked to 'self'.
 * - img-src/font-src data:: Mantine and Swagger UI inline small icons and fonts as data: URLs.
 * - connect-src ws: wss:: the dashboard speaks MQTT over WebSocket to each service's runtime, whose host
 *   (`{service}.{region}.localhost` locally, anything in production) is not this origin.
 * - form-action also the service hosts: the Console entry posts its single sign-on ticket to the service's own
 *   host (docs/decisions/020).
 * - frame-ancestors 'none': the dashboard is never framed (clickjacking).
 */
export function contentSecurityPolicy(
  config: Pick<Config, 'publicUrl' | 'serviceDomain' | 'port'>,
): Record<string, string[]> {
  const directives: Record<string, string[]> = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", serviceHostsSource(config)],
    frameAncestors: ["'none'"],
  };
  // Only behind https: on plain http (a LAN install) it would rewrite every asset URL to an https that is not there.
  if (isHttps(config)) directives.upgradeInsecureRequests = [];
  return directives;
}

/** `http://*.localhost:3000`: every service host, on the port the service endpoints use (service.mapper.ts). */
function serviceHostsSource(config: Pick<Config, 'publicUrl' | 'serviceDomain' | 'port'>): string {
  const publicUrl = new URL(config.publicUrl);
  const port = isHttps(config) ? publicUrl.port : String(config.port);
  return `${publicUrl.protocol}//*.${config.serviceDomain}${port ? `:${port}` : ''}`;
}

function isHttps(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https:');
}

async function securityHeaders(app: FastifyInstance, options: { config: Config }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(options.config),
    },
    // HSTS on plain http would be ignored by browsers at best and lock users out of a later http install at worst.
    strictTransportSecurity: isHttps(options.config)
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });

  // API answers are per user and per moment: no browser or proxy may keep them. The docs' static assets may.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiPath(request.url) && !request.url.startsWith('/v3/docs'))
      reply.header('cache-control', 'no-store');
    return payload;
  });
}

export const securityHeadersPlugin = fp(securityHeaders, { name: 'herald-security-headers' });
