import { describe, expect, it } from 'vitest';
import type { Logger } from './log';
import { createFoldingWarner, foldLine, type FoldState } from './log-folding';

const WINDOW = 1000;

describe('folding repeated identical lines of one connection', () => {
  it.each<[string, FoldState | undefined, string, number, ReturnType<typeof foldLine>]>([
    [
      'the first line is written',
      undefined,
      'a',
      0,
      { write: true, state: { key: 'a', writtenAt: 0, folded: 0 }, flush: 0 },
    ],
    [
      'the same line within the window is counted, the first count plans the flush',
      { key: 'a', writtenAt: 0, folded: 0 },
      'a',
      999,
      { write: false, state: { key: 'a', writtenAt: 0, folded: 1 }, isFirst: true },
    ],
    [
      'further ones are counted too',
      { key: 'a', writtenAt: 0, folded: 61 },
      'a',
      1,
      { write: false, state: { key: 'a', writtenAt: 0, folded: 62 }, isFirst: false },
    ],
    [
      'the same line after the window is written, with what was folded before it',
      { key: 'a', writtenAt: 0, folded: 5 },
      'a',
      1000,
      { write: true, state: { key: 'a', writtenAt: 1000, folded: 0 }, flush: 5 },
    ],
    [
      'another line is written at once, with what was folded before it',
      { key: 'a', writtenAt: 0, folded: 3 },
      'b',
      10,
      { write: true, state: { key: 'b', writtenAt: 10, folded: 0 }, flush: 3 },
    ],
  ])('%s', (_name, state, key, now, expected) => {
    expect(foldLine(state, key, now, WINDOW)).toEqual(expected);
  });
});

describe('the folding warner', () => {
  function capture() {
    const lines: { msg: string; fields: Record<string, unknown> }[] = [];
    const logger: Logger = {
      info: () => {},
      warn: (msg, fields = {}) => lines.push({ msg, fields }),
      error: () => {},
    };
    return { lines, logger };
  }

  it('writes a burst of 100 identical warnings as one line, then one line with the count', async () => {
    const { lines, logger } = capture();
    let clock = 0;
    const warn = createFoldingWarner(logger, { windowMs: 20, now: () => clock });
    const connection = {};
    for (let n = 0; n < 100; n += 1) warn(connection, 'mqtt client error', { error: 'closed' });
    expect(lines).toEqual([{ msg: 'mqtt client error', fields: { error: 'closed' } }]);
    await expect
      .poll(() => lines)
      .toEqual([
        { msg: 'mqtt client error', fields: { error: 'closed' } },
        { msg: 'mqtt client error', fields: { error: 'closed', repeated: 99 } },
      ]);
    clock = 20;
    warn(connection, 'mqtt client error', { error: 'closed' });
    expect(lines).toHaveLength(3);
  });

  it('keeps connections apart, writes a different line at once, and folds lines that alternate', async () => {
    const { lines, logger } = capture();
    let clock = 0;
    const warn = createFoldingWarner(logger, { windowMs: 20, now: () => clock });
    const [first, second] = [{}, {}];
    warn(first, 'mqtt client error', { error: 'closed' });
    warn(second, 'mqtt client error', { error: 'closed' });
    for (let n = 0; n < 10; n += 1) {
      warn(first, 'mqtt client error', { error: 'reset' });
      warn(first, 'mqtt client error', { error: 'closed' });
    }
    expect(lines).toEqual([
      { msg: 'mqtt client error', fields: { error: 'closed' } },
      { msg: 'mqtt client error', fields: { error: 'closed' } },
      { msg: 'mqtt client error', fields: { error: 'reset' } },
    ]);
    await expect.poll(() => lines).toHaveLength(5);
    expect(lines.slice(3)).toEqual(
      expect.arrayContaining([
        { msg: 'mqtt client error', fields: { error: 'closed', repeated: 10 } },
        { msg: 'mqtt client error', fields: { error: 'reset', repeated: 9 } },
      ]),
    );
    clock = 20;
    warn(first, 'mqtt client error', { error: 'closed' });
    expect(lines).toHaveLength(6);
  });
});
