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

/** Log lines waiting for a slow reader beyond this are dropped rather than held in memory. */
const MAX_BUFFERED_LOG_BYTES = 8 * 1024 * 1024;

// One error listener per stream however many loggers write to it (tests build many apps).
const watchedStreams = new WeakSet<NodeJS.WritableStream>();
const brokenStreams = new WeakSet<NodeJS.WritableStream>();

/**
 * Standard output as a log destination that can never stop the server. pino's default (a synchronous write to fd 1)
 * retries a full pipe forever on the main thread, so a server whose log reader stalled or died could not even
 * finish its SIGTERM shutdown (issue 9). Node writes a pipe asynchronously: the event loop goes on, lines beyond
 * MAX_BUFFERED_LOG_BYTES are dropped, and a broken pipe (EPIPE, the reader is gone) ends logging, not the process.
 */
export function createStdoutDestination(
  stream: NodeJS.WritableStream & { writableLength: number } = process.stdout,
): DestinationStream {
  if (!watchedStreams.has(stream)) {
    watchedStreams.add(stream);
    stream.on('error', () => brokenStreams.add(stream));
  }
  return {
    write(line: string) {
      if (brokenStreams.has(stream) || stream.writableLength > MAX_BUFFERED_LOG_BYTES) return;
      try {
        stream.write(line);
      } catch {
        // a synchronous stdout (file, terminal) that failed: the line is lost, the server goes on
      }
    },
  };
}

/** Waits (at most `timeoutMs`) for stdout to take what is buffered, so the last lines of a stop are not lost. */
export function drainStdout(timeoutMs: number): Promise<void> {
  if (process.stdout.writableLength === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    timer.unref();
    process.stdout.once('drain', () => {
      clearTimeout(timer);
      resolve();
    });
  });
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
          'req.headers["x-outbox-token"]',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
          'headers["x-outbox-token"]',
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
    destination ?? createStdoutDestination(),
  );
}
