import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../testing/create-test-app';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { ConnectionsFileError, loadAuthConnections } from './connections-file';

const good = {
  name: 'acme',
  displayName: 'Acme SSO',
  kind: 'sso',
  issuer: 'https://login.acme.test/',
  clientId: 'herald',
  clientSecret: 'top-secret-value',
  domains: ['Acme.test'],
};

describe('AUTH_CONNECTIONS_FILE', () => {
  let dir: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-connections-'));
  });

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function write(content: unknown): string {
    const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
    return file;
  }

  it('reads a valid file, normalising issuer and domains', () => {
    expect(loadAuthConnections(write([good]))).toEqual([
      { ...good, issuer: 'https://login.acme.test', domains: ['acme.test'] },
    ]);
    expect(loadAuthConnections(undefined)).toEqual([]);
  });

  it.each([
    ['not JSON', '{', /is not valid JSON/],
    ['not a list', { name: 'x' }, /\(the file\)/],
    ['a bad name', [{ ...good, name: 'Bad Name' }], /0\.name /],
    ['a reserved name', [{ ...good, name: 'password' }], /reserved/],
    ['a bad kind', [{ ...good, kind: 'saml' }], /0\.kind /],
    ['a bad issuer', [{ ...good, issuer: 'ftp://x' }], /0\.issuer must be the http\(s\) URL/],
    ['a missing secret', [{ ...good, clientSecret: '' }], /0\.clientSecret must not be empty/],
    ['an unknown field', [{ ...good, extra: 1 }], /0 /],
    ['duplicate names', [good, { ...good, domains: [] }], /1\.name duplicates connection 'acme'/],
    [
      'a domain claimed twice',
      [good, { ...good, name: 'other' }],
      /1\.domains domain acme\.test is already claimed/,
    ],
  ])('stops the start on %s, naming the problem', (_, content, expected) => {
    const file = write(content);
    expect(() => loadAuthConnections(file)).toThrow(ConnectionsFileError);
    expect(() => loadAuthConnections(file)).toThrow(expected);
  });

  it('never echoes a client secret and names an unreadable file', () => {
    const file = write([{ ...good, issuer: 'nope' }]);
    expect(() => loadAuthConnections(file)).not.toThrow(/top-secret-value/);
    expect(() => loadAuthConnections(path.join(dir, 'missing.json'))).toThrow(
      /AUTH_CONNECTIONS_FILE .*missing\.json cannot be read/,
    );
  });

  describe('at start-up', () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase();
    });

    afterAll(async () => {
      await database?.close();
    });

    it('refuses to build the app with a bad file', async () => {
      const file = write([{ ...good, kind: 'saml' }]);
      await expect(
        buildApp({ config: testConfig({ AUTH_CONNECTIONS_FILE: file }), db: database }),
      ).rejects.toThrow(ConnectionsFileError);
    });
  });
});
