import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FEATURE_FLAGS } from '@herald/contract/flags/flags';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlagsFileError } from '../../adapters/flags/flags-file';
import { createTestApp } from '../../testing/create-test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { bearer, createTestSession } from '../../testing/test-identity';

const BULK = '/ofrep/v1/evaluate/flags';
const json = { 'content-type': 'application/json; charset=utf-8' };

/** Everything off, except debug.logs for user-1 and billing.graphs on for everyone but user-2. */
const flagsFile = {
  flags: {
    ...Object.fromEntries(FEATURE_FLAGS.map((key) => [key, { defaultValue: false, rules: [] }])),
    'debug.logs': { defaultValue: false, rules: [{ targetingKeys: ['user-1'], value: true }] },
    'billing.graphs': {
      defaultValue: true,
      rules: [{ targetingKeys: ['user-2', 'user-3'], value: false }],
    },
  },
};

describe('OFREP flag evaluation', () => {
  let dir: string;
  let database: TestDatabase;
  let app: FastifyInstance;
  /** Session headers of the users the flags file targets. */
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-ofrep-'));
    fs.writeFileSync(path.join(dir, 'flags.json'), JSON.stringify(flagsFile));
    database = await createTestDatabase();
    app = await createTestApp({ db: database, env: { FLAGS_FILE: path.join(dir, 'flags.json') } });
    for (const userId of ['user-1', 'user-2', 'user-3']) {
      as[userId] = bearer(await createTestSession(database.db, { userId }));
    }
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function bulk(body: unknown, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: BULK,
      payload: JSON.stringify(body),
      headers: { ...json, ...headers },
    });
  }

  function single(key: string, body: unknown, headers: Record<string, string> = {}) {
    return app.inject({
      method: 'POST',
      url: `${BULK}/${encodeURIComponent(key)}`,
      payload: JSON.stringify(body),
      headers: { ...json, ...headers },
    });
  }

  it('evaluates all fourteen flags in bulk, in the contract order', async () => {
    const response = await bulk({ context: {} });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const { flags } = response.json();
    expect(flags.map((flag: { key: string }) => flag.key)).toEqual([...FEATURE_FLAGS]);
    expect(flags).toContainEqual({
      key: 'billing.graphs',
      value: true,
      reason: 'DEFAULT',
      variant: 'on',
      metadata: {},
    });
    expect(flags).toContainEqual({
      key: 'dashboard.kafka',
      value: false,
      reason: 'STATIC',
      variant: 'off',
      metadata: {},
    });
  });

  it("applies per-user rules to the signed-in user's id", async () => {
    const forUser1 = (await bulk({ context: {} }, as['user-1'])).json().flags;
    const forUser3 = (await bulk({ context: { plan: 'free' } }, as['user-3'])).json().flags;

    expect(forUser1).toContainEqual({
      key: 'debug.logs',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'on',
      metadata: {},
    });
    expect(forUser1).toContainEqual({
      key: 'billing.graphs',
      value: true,
      reason: 'DEFAULT',
      variant: 'on',
      metadata: {},
    });
    expect(forUser3).toContainEqual({
      key: 'debug.logs',
      value: false,
      reason: 'DEFAULT',
      variant: 'off',
      metadata: {},
    });
    expect(forUser3).toContainEqual({
      key: 'billing.graphs',
      value: false,
      reason: 'TARGETING_MATCH',
      variant: 'off',
      metadata: {},
    });
  });

  it('never targets by the targeting key a client names (only the session counts)', async () => {
    const anonymous = (await bulk({ context: { targetingKey: 'user-1' } })).json().flags;
    expect(anonymous).toContainEqual(expect.objectContaining({ key: 'debug.logs', value: false }));

    const user3NamingUser1 = (
      await bulk({ context: { targetingKey: 'user-1' } }, as['user-3'])
    ).json().flags;
    expect(user3NamingUser1).toContainEqual(
      expect.objectContaining({ key: 'debug.logs', value: false, reason: 'DEFAULT' }),
    );
    expect(user3NamingUser1).toContainEqual(
      expect.objectContaining({ key: 'billing.graphs', value: false, reason: 'TARGETING_MATCH' }),
    );
  });

  it('sends an ETag and answers 304 to If-None-Match while the flags are unchanged', async () => {
    const first = await bulk({ context: {} }, as['user-1']);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const unchanged = await bulk({ context: {} }, { ...as['user-1'], 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    const weak = await bulk(
      { context: {} },
      { ...as['user-1'], 'if-none-match': `"other", W/${etag}` },
    );
    expect(weak.statusCode).toBe(304);

    // Another user's flags differ, so the old tag no longer matches.
    const otherUser = await bulk({ context: {} }, { ...as['user-2'], 'if-none-match': etag });
    expect(otherUser.statusCode).toBe(200);
    expect(otherUser.headers.etag).not.toBe(etag);
  });

  it('treats an empty body as an empty context', async () => {
    const response = await app.inject({ method: 'POST', url: BULK });
    expect(response.statusCode).toBe(200);
    expect(response.json().flags).toHaveLength(FEATURE_FLAGS.length);
  });

  it('evaluates a single flag', async () => {
    const response = await single('debug.logs', { context: {} }, as['user-1']);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      key: 'debug.logs',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'on',
      metadata: {},
    });
  });

  it('answers an unknown flag with 404 FLAG_NOT_FOUND', async () => {
    const response = await single('dashboard.nope', { context: {} });
    expect(response.statusCode).toBe(404);
    const details = "Flag 'dashboard.nope' is not defined in the flags file";
    // OFREP's members, and the envelope every error of the server carries (issue 25).
    expect(response.json()).toEqual({
      key: 'dashboard.nope',
      errorCode: 'FLAG_NOT_FOUND',
      errorDetails: details,
      code: 'NOT_FOUND',
      message: details,
      requestId: response.headers['x-request-id'],
    });
  });

  it.each([
    ['a context that is not an object', { context: 'user-1' }],
    ['a targeting key that is not a string', { context: { targetingKey: 42 } }],
    ['an empty targeting key', { context: { targetingKey: '' } }],
    ['a body that is not an object', [1, 2]],
  ])('answers %s with 400 INVALID_CONTEXT', async (_, body) => {
    for (const response of [await bulk(body), await single('debug.logs', body)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        errorCode: 'INVALID_CONTEXT',
        errorDetails: expect.any(String),
        code: 'BAD_REQUEST',
        message: expect.any(String),
        requestId: response.headers['x-request-id'],
      });
    }
  });

  it('names the bad field in errorDetails', async () => {
    const response = await bulk({ context: { targetingKey: 42 } });
    expect(response.json().errorDetails).toMatch(/^body\.context\.targetingKey: /);
  });

  it('answers malformed JSON with 400 PARSE_ERROR', async () => {
    const response = await app.inject({
      method: 'POST',
      url: BULK,
      payload: '{"context":',
      headers: json,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      errorCode: 'PARSE_ERROR',
      errorDetails: 'The body is not valid JSON',
      code: 'BAD_REQUEST',
      message: 'The body is not valid JSON',
      requestId: response.headers['x-request-id'],
    });
  });

  it('refuses to build the app with a bad flags file, naming the file and the key', async () => {
    const badFile = path.join(dir, 'bad-flags.json');
    const withoutOne: Record<string, unknown> = { ...flagsFile.flags };
    delete withoutOne['topicviews.v2'];
    fs.writeFileSync(badFile, JSON.stringify({ flags: withoutOne }));

    const building = createTestApp({ db: database, env: { FLAGS_FILE: badFile } });
    await expect(building).rejects.toThrow(FlagsFileError);
    await expect(building).rejects.toThrow(
      `Invalid flags file ${badFile}: flags["topicviews.v2"]: is missing`,
    );
  });
});
