import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StartupError } from '../../lib/startup-error';
import { AUTH_SECRET_FILE, resolveAuthSecret } from './auth-secret';

describe('resolveAuthSecret', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'herald-secret-')), 'data');
  });

  afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('uses AUTH_SECRET when set, writing nothing', () => {
    expect(resolveAuthSecret({ authSecret: 'x'.repeat(40), dataDir })).toBe('x'.repeat(40));
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('generates a secret once under DATA_DIR (mode 0600) and keeps it across restarts', () => {
    const first = resolveAuthSecret({ authSecret: undefined, dataDir });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dataDir, AUTH_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveAuthSecret({ authSecret: undefined, dataDir })).toBe(first);
  });

  it('refuses a damaged secret file', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), 'short');
    expect(() => resolveAuthSecret({ authSecret: undefined, dataDir })).toThrow(StartupError);
  });
});
