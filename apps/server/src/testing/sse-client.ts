import type { FastifyInstance } from 'fastify';

/** One server-sent event as a browser's EventSource would see it. */
export interface SseEvent {
  event: string;
  data: string;
}

/** A real HTTP client of a server-sent events stream (fetch over a socket), for stream tests. */
export interface SseConnection {
  status: number;
  headers: Headers;
  /** The body text read so far (comment lines included). */
  text(): string;
  /** The next event not yet taken, waiting up to `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The base URL of an app listening on a free loopback port (listens on first use). */
export async function listeningUrl(app: FastifyInstance): Promise<string> {
  const address = app.server.address();
  if (address && typeof address === 'object') return `http://127.0.0.1:${address.port}`;
  return app.listen({ host: '127.0.0.1', port: 0 });
}

export async function openSse(
  url: string,
  headers: Record<string, string>,
): Promise<SseConnection> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const events: SseEvent[] = [];
  const waiters: Array<() => void> = [];
  let buffer = '';
  let all = '';
  const decoder = new TextDecoder();
  const notify = () => waiters.splice(0).forEach((wake) => wake());

  const ended = (async () => {
    if (!response.body) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const chunk = decoder.decode(value, { stream: true });
        all += chunk;
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7) ?? 'message';
          const data = lines
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (data !== '') events.push({ event, data });
          end = buffer.indexOf('\n\n');
        }
        notify();
      }
    } catch {
      // Aborted by close().
    } finally {
      notify();
    }
  })();
  let isEnded = false;
  void ended.then(() => {
    isEnded = true;
    notify();
  });

  return {
    status: response.status,
    headers: response.headers,
    text: () => all,
    ended,
    close: () => abort.abort(),
    async next(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (events.length === 0) {
        if (isEnded) throw new Error(`The stream ended; read so far: ${all}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No event within ${timeoutMs} ms; read so far: ${all}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return events.shift()!;
    },
  };
}
