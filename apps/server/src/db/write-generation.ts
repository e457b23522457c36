import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './database';

/**
 * A counter that moves whenever the embedded database may have changed (docs/decisions/015, "Embedded database:
 * read cache"). A read taken while the counter reads g is still true while it reads g.
 */
export interface WriteGeneration {
  readonly value: number;
}

/** `EXECUTE name` or `EXECUTE name('literal', NULL, ...)`, the only form prepared-statements.ts sends. */
const EXECUTE_PATTERN =
  /^\s*execute\s+([a-z_][a-z0-9_]*)\s*(?:\(\s*(?:(?:'(?:[^']|'')*'|null)\s*(?:,\s*(?:'(?:[^']|'')*'|null)\s*)*)?\))?\s*;?\s*$/i;

/** `PREPARE name AS <statement>` (no parameter type list: prepared-statements.ts sends none). */
const PREPARE_PATTERN = /^\s*prepare\s+([a-z_][a-z0-9_]*)\s+as\s+([\s\S]*)$/i;

/**
 * A single SELECT or SHOW that changes no rows. Conservative by design: a second statement (any `;` before the
 * end), a CTE (it may hold an INSERT / UPDATE / DELETE), `SELECT ... INTO` (creates a table) or anything else
 * counts as a write. A SELECT could still call a function that writes; this code base calls none.
 */
export function isPlainSelect(text: string): boolean {
  const statement = text.trim().replace(/;\s*$/, '');
  if (statement.includes(';')) return false;
  if (/\binto\b/i.test(statement)) return false;
  return /^\(?\s*select\b/i.test(statement) || /^show\s/i.test(statement);
}

/**
 * Decides for each statement sent to the embedded database whether it is a plain read. It remembers which
 * prepared statement names hold a plain SELECT, so that their EXECUTE counts as a read; everything it does not
 * recognise counts as a write (invalidating more than needed is safe, less is not).
 */
export class StatementClassifier {
  readonly #readOnlyPrepared = new Set<string>();

  isRead(text: string): boolean {
    const execute = EXECUTE_PATTERN.exec(text);
    if (execute) return this.#readOnlyPrepared.has(execute[1]!.toLowerCase());
    return isPlainSelect(text);
  }

  /** Called before a statement runs: learns PREPAREs of reads; forgets them all on DEALLOCATE or DISCARD. */
  observe(text: string): void {
    const prepare = PREPARE_PATTERN.exec(text);
    if (prepare) {
      const name = prepare[1]!.toLowerCase();
      // A name re-prepared as a write (PostgreSQL would refuse the duplicate, but be safe) stops being a read.
      if (isPlainSelect(prepare[2]!)) this.#readOnlyPrepared.add(name);
      else this.#readOnlyPrepared.delete(name);
      return;
    }
    if (/^\s*(deallocate|discard)\b/i.test(text)) this.#readOnlyPrepared.clear();
  }
}

class Counter implements WriteGeneration {
  value = 0;
  bump(): void {
    this.value += 1;
  }
}

const generationByClient = new WeakMap<PGlite, Counter>();

type AnyFunction = (...args: unknown[]) => Promise<unknown>;

/**
 * Makes `client` count its writes: every call of `query`, `exec`, `sql` (through `query`) that is not a plain read
 * (StatementClassifier), every `transaction`, `runExclusive` and raw `execProtocol` bumps the counter when it is
 * called, before the database runs it, and again when it has finished (failed or not). Drizzle (and through it
 * better-auth and the migrator) reaches PGlite only through `query` and `transaction`. Statements inside a
 * transaction are covered by the transaction's two bumps: PGlite runs nothing else while a transaction is open.
 * Only for the embedded database: its data dir is locked (pglite-lock.ts), so this process is its only writer.
 */
export function trackWrites(client: PGlite): WriteGeneration {
  const existing = generationByClient.get(client);
  if (existing) return existing;
  const generation = new Counter();
  const classifier = new StatementClassifier();
  generationByClient.set(client, generation);

  const bracket = async <T>(run: () => Promise<T>): Promise<T> => {
    generation.bump();
    try {
      return await run();
    } finally {
      generation.bump();
    }
  };
  const wrapStatement =
    (original: AnyFunction): AnyFunction =>
    (text, ...rest) => {
      const sqlText = typeof text === 'string' ? text : '';
      classifier.observe(sqlText);
      const call = () => original(text, ...rest);
      return classifier.isRead(sqlText) ? call() : bracket(call);
    };
  const wrapAlwaysWrite =
    (original: AnyFunction): AnyFunction =>
    (...args) =>
      bracket(() => original(...args));

  const target = client as unknown as Record<string, AnyFunction>;
  for (const method of ['query', 'exec'] as const) {
    target[method] = wrapStatement(target[method]!.bind(client));
  }
  for (const method of ['transaction', 'runExclusive', 'execProtocol'] as const) {
    target[method] = wrapAlwaysWrite(target[method]!.bind(client));
  }
  return generation;
}

/**
 * The write generation of a Drizzle handle on the embedded database (set up by create-database.ts), or undefined
 * on a PostgreSQL server, where other servers may write the same database and nothing here would see it.
 */
export function writeGenerationOf(db: Database): WriteGeneration | undefined {
  const client = (db as { $client?: unknown }).$client;
  if (typeof client !== 'object' || client === null) return undefined;
  return generationByClient.get(client as PGlite);
}
