import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FEATURE_FLAGS } from '@herald/contract/flags/flags';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { FlagsFileError, loadFlagsFile, parseFlagsFile } from './flags-file';

const FILE = '/etc/herald/flags.json';

function allFlags(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...Object.fromEntries(FEATURE_FLAGS.map((key) => [key, { defaultValue: false }])),
    ...overrides,
  };
}

function parseError(json: unknown): string {
  try {
    parseFlagsFile(typeof json === 'string' ? json : JSON.stringify(json), FILE);
  } catch (error) {
    expect(error).toBeInstanceOf(FlagsFileError);
    return (error as Error).message;
  }
  throw new Error('the flags file was accepted');
}

describe('flags file', () => {
  it('ships a default file that defines all fourteen flags, feedback off', () => {
    const file = loadFlagsFile(loadConfig({}).flagsFile);
    expect(Object.keys(file.flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    const enabled = FEATURE_FLAGS.filter((key) => file.flags[key].defaultValue);
    expect(enabled).toHaveLength(13);
    expect(file.flags['dashboard.feedback'].defaultValue).toBe(false);
  });

  it('accepts per-user rules and defaults rules to none', () => {
    const file = parseFlagsFile(
      JSON.stringify({
        flags: allFlags({
          'debug.logs': { defaultValue: false, rules: [{ targetingKeys: ['u1'], value: true }] },
        }),
      }),
      FILE,
    );
    expect(file.flags['debug.logs'].rules).toEqual([{ targetingKeys: ['u1'], value: true }]);
    expect(file.flags['billing.graphs'].rules).toEqual([]);
  });

  it('rejects a file missing a flag, naming the file and the flag', () => {
    const { 'dashboard.kafka': _, ...rest } = allFlags();
    expect(parseError({ flags: rest })).toBe(
      `Invalid flags file ${FILE}: flags["dashboard.kafka"]: is missing`,
    );
  });

  it('rejects an unknown flag key', () => {
    expect(parseError({ flags: allFlags({ 'dashboard.kafak': { defaultValue: true } }) })).toMatch(
      new RegExp(
        `^Invalid flags file ${FILE}: flags: unknown flag "dashboard\\.kafak" \\(known flags: billing\\.graphs, `,
      ),
    );
  });

  it('rejects a bad value, naming where it is', () => {
    expect(parseError({ flags: allFlags({ 'debug.logs': { defaultValue: 'yes' } }) })).toBe(
      `Invalid flags file ${FILE}: flags["debug.logs"].defaultValue: Invalid input: expected boolean, received string`,
    );
    expect(
      parseError({
        flags: allFlags({
          'debug.logs': { defaultValue: true, rules: [{ targetingKeys: [], value: true }] },
        }),
      }),
    ).toMatch(/flags\["debug\.logs"\]\.rules\[0\]\.targetingKeys: Too small/);
    expect(
      parseError({ flags: allFlags({ 'debug.logs': { defaultValue: true, enabled: true } }) }),
    ).toBe(`Invalid flags file ${FILE}: flags["debug.logs"]: unknown key "enabled"`);
  });

  it('rejects text that is not JSON', () => {
    expect(parseError('{ "flags": ')).toMatch(
      new RegExp(`^Invalid flags file ${FILE}: not valid JSON \\(`),
    );
  });

  it('rejects a file that cannot be read, naming it', () => {
    const missing = path.join(os.tmpdir(), 'herald-no-such-flags.json');
    expect(() => loadFlagsFile(missing)).toThrow(`Cannot read the flags file ${missing} (ENOENT)`);
  });

  it('reads a file from disk', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-flags-'));
    const file = path.join(dir, 'flags.json');
    fs.writeFileSync(file, JSON.stringify({ flags: allFlags() }));
    expect(loadFlagsFile(file).flags['topicviews.v2']).toEqual({ defaultValue: false, rules: [] });
    fs.rmSync(dir, { recursive: true });
  });
});
