import type { FastifyInstance } from 'fastify';

/** Every SQL text the app sends while `run` runs (PGlite takes statements through query() and exec()). */
export async function statementsDuring(app: FastifyInstance, run: () => Promise<unknown>) {
  const client = (app.db as unknown as { $client: Record<string, unknown> }).$client;
  const texts: string[] = [];
  const originals = new Map<string, unknown>();
  for (const method of ['query', 'exec']) {
    const original = client[method];
    if (typeof original !== 'function') continue;
    originals.set(method, original);
    client[method] = (...args: unknown[]) => {
      texts.push(String(args[0]));
      return (original as (...all: unknown[]) => unknown).apply(client, args);
    };
  }
  try {
    await run();
  } finally {
    for (const [method, original] of originals) client[method] = original;
  }
  return texts;
}

/**
 * Reads until a read is served from memory (`isCacheHit` of the statements it sent), which must happen within a
 * few reads: work that finishes after a response (a sign-up mail, the first signing key) is a write too, and
 * rightly makes the reads before it miss. Returns the cached read's value.
 */
export async function untilCached<T>(
  app: FastifyInstance,
  read: () => Promise<T>,
  isCacheHit: (texts: string[]) => boolean,
): Promise<T> {
  let value = await read();
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const texts = await statementsDuring(app, async () => {
      value = await read();
    });
    if (isCacheHit(texts)) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The read never came from the cache');
}
