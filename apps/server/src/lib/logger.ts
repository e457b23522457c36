import pino from 'pino';
import type { DestinationStream, Logger } from 'pino';
import type { Config } from '../config';

/** Query parameters that carry secrets (mailed tokens, OAuth codes and state): never written to the log. */
const SECRET_QUERY_PARAMETERS = new Set(['token', 'code', 'state', 'id_token', 'access_token']);

/** The URL with the values of secret query parameters replaced, for logs. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SECRET_QUERY_PARAMETERS.has(key.toLowerCase())) {
      params.set(key, '[Redacted]');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, queryStart)}?${params.toString()}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * The server's logger. Secrets never reach it: Authorization and Cookie headers and Set-Cookie are redacted
 * wherever a header object is logged, and request URLs lose the values of token-bearing query parameters
 * (the e-mail verification link, the OAuth callback).
 */
export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination?: DestinationStream,
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
          'headers["set-cookie"]',
        ],
        censor: '[Redacted]',
      },
      serializers: {
        req: (request: LoggedRequest) => ({
          method: request.method,
          url: redactUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
          remotePort: request.socket?.remotePort,
        }),
      },
    },
    destination,
  );
}
