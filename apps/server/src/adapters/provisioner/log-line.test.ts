import { describe, expect, it } from 'vitest';
import { MAX_LOG_LINE_BYTES, cleanFields, parseLogLine } from './log-line';

const now = new Date('2026-11-24T10:00:00.000Z');

describe('a collected log line', () => {
  it('reads a JSON line: time, level, msg, and the rest as fields', () => {
    expect(
      parseLogLine(
        '{"time":"2026-11-24T09:59:58.123Z","level":"warn","msg":"Slow client","clientId":"c1","queued":12}',
        'info',
        now,
      ),
    ).toEqual({
      at: new Date('2026-11-24T09:59:58.123Z'),
      level: 'warn',
      message: 'Slow client',
      fields: { clientId: 'c1', queued: 12 },
    });
  });

  it('has no fields when the line has none', () => {
    expect(parseLogLine('{"time":1764000000000,"level":"info","msg":"up"}', 'info', now)).toEqual({
      at: new Date(1764000000000),
      level: 'info',
      message: 'up',
      fields: null,
    });
  });

  it.each([
    ['fatal', 'error'],
    ['WARNING', 'warn'],
    ['trace', 'debug'],
    ['verbose', 'info'],
    [30, 'info'],
  ])('maps the level %s to %s (unknown levels are info)', (level, expected) => {
    expect(parseLogLine(JSON.stringify({ level, msg: 'x' }), 'error', now)?.level).toBe(expected);
  });

  it('takes the reading time when the time is missing or not a time', () => {
    expect(parseLogLine('{"msg":"a"}', 'info', now)?.at).toEqual(now);
    expect(parseLogLine('{"time":"yesterday-ish","msg":"a"}', 'info', now)?.at).toEqual(now);
  });

  it('keeps a plain line as it is, at the plain level and the reading time', () => {
    expect(parseLogLine('Error: boom', 'error', now)).toEqual({
      at: now,
      level: 'error',
      message: 'Error: boom',
      fields: null,
    });
    expect(parseLogLine('{not json', 'info', now)?.message).toBe('{not json');
    expect(parseLogLine('[1,2]', 'info', now)?.message).toBe('[1,2]');
  });

  it('skips blank lines and strips a carriage return', () => {
    expect(parseLogLine('', 'info', now)).toBeNull();
    expect(parseLogLine('   ', 'info', now)).toBeNull();
    expect(parseLogLine('hello\r', 'info', now)?.message).toBe('hello');
  });

  it('drops fields named like secrets, at any depth, whatever their case', () => {
    const line = parseLogLine(
      JSON.stringify({
        msg: 'login',
        password: 'p',
        accessToken: 't',
        CLIENT_SECRET: 's',
        Authorization: 'Bearer x',
        user: 'ann',
        nested: { refresh_token: 'r', keep: 1, list: [{ passwordHash: 'h', ok: true }] },
      }),
      'info',
      now,
    );
    expect(line?.fields).toEqual({ user: 'ann', nested: { keep: 1, list: [{ ok: true }] } });
    expect(JSON.stringify(line)).not.toMatch(/Bearer|"p"|"t"|"s"|"r"|"h"/);
  });

  it('replaces what the database cannot store (NUL, lone surrogates)', () => {
    const line = parseLogLine('{"msg":"a\\u0000b\\ud800c","f":"x\\u0000"}', 'info', now);
    expect(line?.message).toBe('a\uFFFDb\uFFFDc');
    expect(line?.fields).toEqual({ f: 'x\uFFFD' });
    expect(cleanFields({ 'k\u0000': 1 })).toEqual({ 'k\uFFFD': 1 });
  });

  it('cuts a very long plain line with a marker naming its length', () => {
    const long = 'é'.repeat(20_000);
    const line = parseLogLine(long, 'error', now);
    expect(Buffer.byteLength(line!.message)).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES);
    expect(line!.message).toMatch(/^é+ …\[cut: the line had 40000 bytes\]$/);
  });

  it('cuts a very long JSON line but keeps its time and level', () => {
    const line = parseLogLine(
      JSON.stringify({
        time: '2026-11-24T09:00:00.000Z',
        level: 'error',
        msg: 'x'.repeat(30_000),
        clientId: 'c1',
      }),
      'info',
      now,
    );
    expect(line?.level).toBe('error');
    expect(line?.at).toEqual(new Date('2026-11-24T09:00:00.000Z'));
    expect(line?.fields).toEqual({ clientId: 'c1' });
    expect(line!.message).toMatch(/ …\[cut: the line had \d+ bytes\]$/);
    expect(
      Buffer.byteLength(line!.message) + Buffer.byteLength(JSON.stringify(line!.fields)),
    ).toBeLessThanOrEqual(MAX_LOG_LINE_BYTES);
  });

  it('drops fields too large to keep in a long JSON line', () => {
    const line = parseLogLine(
      JSON.stringify({ msg: 'big payload', payload: 'y'.repeat(40_000) }),
      'info',
      now,
    );
    expect(line?.fields).toBeNull();
    expect(line?.message).toMatch(/^big payload …\[cut: the line had \d+ bytes\]$/);
  });

  it('leaves a line at the limit alone', () => {
    const text = 'z'.repeat(MAX_LOG_LINE_BYTES);
    expect(parseLogLine(text, 'info', now)?.message).toBe(text);
  });
});
