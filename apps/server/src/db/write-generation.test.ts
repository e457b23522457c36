import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { testDatabaseKind } from '../testing/test-database-kind';
import { preparedStatementsOf } from './prepared-statements';
import { instanceInfo } from './schema';
import { StatementClassifier, isPlainSelect, writeGenerationOf } from './write-generation';

describe('isPlainSelect', () => {
  it.each([
    ['select 1', true],
    ['  SELECT "id" from "service" where "id" = $1 ;  ', true],
    ['(select 1) union (select 2)', true],
    ['show server_version', true],
    ['insert into service values (1)', false],
    ['update service set label = $1', false],
    ['delete from auth_session where token = $1', false],
    ['select 1; delete from auth_session', false],
    ['select * into copy_of_service from service', false],
    ['with gone as (delete from auth_session returning *) select * from gone', false],
    ['begin', false],
    ['prepare p as select 1', false],
    ['', false],
  ])('%j is a plain read: %s', (text, expected) => {
    expect(isPlainSelect(text)).toBe(expected);
  });
});

describe('StatementClassifier', () => {
  it('counts EXECUTE as a read only for a name it saw prepared as a plain SELECT', () => {
    const classifier = new StatementClassifier();
    expect(classifier.isRead('EXECUTE herald_prepared_1')).toBe(false);
    classifier.observe('PREPARE herald_prepared_1 AS select * from service where id = $1');
    classifier.observe('PREPARE herald_prepared_2 AS delete from auth_session where token = $1');
    expect(classifier.isRead("EXECUTE herald_prepared_1('a''b', NULL)")).toBe(true);
    expect(classifier.isRead('EXECUTE herald_prepared_1')).toBe(true);
    expect(classifier.isRead("EXECUTE herald_prepared_2('token')")).toBe(false);
    // A second statement after the arguments, even one hidden after a quote, makes it a write.
    expect(classifier.isRead("EXECUTE herald_prepared_1('a'); delete from service")).toBe(false);
    expect(classifier.isRead("EXECUTE herald_prepared_1('a'');delete from service')")).toBe(true);
    classifier.observe('DEALLOCATE ALL');
    expect(classifier.isRead("EXECUTE herald_prepared_1('a')")).toBe(false);
  });
});

describe.runIf(testDatabaseKind() === 'pglite')('the embedded database counts its writes', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const generation = () => writeGenerationOf(database.db)!.value;

  it('moves before and after every write, and not for reads', async () => {
    const { db } = database;
    const start = generation();
    await db.select().from(instanceInfo);
    await db.execute(sql`select count(*) from service`);
    expect(generation()).toBe(start);

    await db.execute(sql`update service set label = label where false`);
    expect(generation()).toBe(start + 2);

    await db.transaction(async (tx) => {
      await tx.select().from(instanceInfo);
    });
    expect(generation()).toBe(start + 4);

    // A failed write moves it too: the database may have done part of it.
    await expect(db.execute(sql`insert into no_such_table values (1)`)).rejects.toThrow();
    expect(generation()).toBe(start + 6);
  });

  it('moves while a write is running, not only after it', async () => {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const start = generation();
    const running = client.query('update service set label = label where false');
    expect(generation()).toBe(start + 1);
    await running;
    expect(generation()).toBe(start + 2);
  });

  it('counts EXECUTE of a prepared read as a read', async () => {
    const prepared = preparedStatementsOf(database.db);
    const query = prepared
      .select()
      .from(instanceInfo)
      .where(sql`${instanceInfo.id} = ${sql.placeholder('id')}`)
      .prepare('herald_test_read');
    await query.execute({ id: 'x' });
    const start = generation();
    await query.execute({ id: "it's" });
    expect(generation()).toBe(start);
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('a PostgreSQL server', () => {
  it('has no write generation: other servers may write the same database', async () => {
    const database = await createTestDatabase();
    try {
      expect(writeGenerationOf(database.db)).toBeUndefined();
    } finally {
      await database.close();
    }
  });
});
