import { PGlite } from '@electric-sql/pglite';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Database } from './database';

/**
 * A SQL literal for EXECUTE: a single-quoted string with quotes doubled (standard_conforming_strings is on in
 * every supported PostgreSQL, so a backslash is an ordinary character). The untyped literal takes the type of the
 * prepared statement's parameter. NUL cannot be in a PostgreSQL string: such a value is refused before any SQL.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = value instanceof Date ? value.toISOString() : String(value);
  if (text.includes('\0')) throw new RangeError('A NUL character cannot be sent to the database');
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * PGlite answers every `query()` with an unnamed statement, so each call is parsed and planned again; for the
 * session query that costs more than running it. This client keeps one server-side prepared statement per SQL
 * text (PREPARE once, then EXECUTE with literal arguments over the simple query protocol) and gives Drizzle the
 * same `query()` it calls on a PGlite. PGlite's own lock still orders these calls with transactions. Only for
 * fixed, read-only SQL whose parameters are plain values (hot reads such as the session resolver); everything else
 * uses the ordinary handle.
 */
function preparingClient(pglite: PGlite) {
  const names = new Map<string, Promise<string>>();
  function statementName(text: string): Promise<string> {
    let name = names.get(text);
    if (!name) {
      const candidate = `herald_prepared_${names.size + 1}`;
      name = pglite.exec(`PREPARE ${candidate} AS ${text}`).then(() => candidate);
      // A failed PREPARE is not remembered: the next call tries again and reports its own error.
      name.catch(() => names.delete(text));
      names.set(text, name);
    }
    return name;
  }
  return {
    async query<T>(
      text: string,
      params: unknown[] = [],
      options?: QueryOptions,
    ): Promise<Results<T>> {
      const name = await statementName(text);
      const args = params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : '';
      // The simple query protocol: one message instead of parse, bind, describe and execute.
      const [result] = await pglite.exec(`EXECUTE ${name}${args}`, options);
      if (!result) throw new Error(`EXECUTE ${name} returned no result`);
      return result as Results<T>;
    },
  };
}

/** One per PGlite instance: statement names are per database session, whichever handle asks. */
const preparedByClient = new WeakMap<PGlite, Database>();

/**
 * The handle to build `.prepare(name)` queries on: on PGlite one whose queries run as prepared statements (see
 * preparingClient); on a PostgreSQL server the handle itself (node-postgres prepares named statements once per
 * connection). Read-only queries outside transactions only.
 */
export function preparedStatementsOf(db: Database): Database {
  const client = (db as { $client?: unknown }).$client;
  if (!(client instanceof PGlite)) return db;
  let prepared = preparedByClient.get(client);
  if (!prepared) {
    prepared = drizzle({
      client: preparingClient(client) as unknown as PGlite,
    }) as unknown as Database;
    preparedByClient.set(client, prepared);
  }
  return prepared;
}
