import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRotatingFile } from './log-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'herald-log-file-'));
  dirs.push(dir);
  return path.join(dir, 'nested', 'runtime.log');
}

// Every line the same length, so a file holds a known number of them.
const line = (n: number) =>
  `${JSON.stringify({ n: String(n).padStart(4, '0'), pad: 'x'.repeat(80) })}\n`;
const numbersIn = (file: string) =>
  readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((text) => Number((JSON.parse(text) as { n: string }).n));

describe('the rotating log file', () => {
  it('appends whole lines, creating its directory', () => {
    const file = tempFile();
    const log = createRotatingFile({ file, maxBytes: 64 * 1024, keep: 3 });
    log.write(line(1));
    log.write(line(2));
    log.close();
    expect(numbersIn(file)).toEqual([1, 2]);
  });

  it('starts a new file before one would pass its size, keeping the newest rotated files', () => {
    const file = tempFile();
    const size = Buffer.byteLength(line(0));
    // Ten lines per file; 55 lines make six files, of which the current one and three rotated ones are kept.
    const log = createRotatingFile({ file, maxBytes: size * 10, keep: 3 });
    for (let n = 0; n < 55; n += 1) log.write(line(n));
    log.close();
    expect(numbersIn(file)).toEqual([50, 51, 52, 53, 54]);
    expect(numbersIn(`${file}.1`)).toEqual([40, 41, 42, 43, 44, 45, 46, 47, 48, 49]);
    expect(numbersIn(`${file}.3`)[0]).toBe(20);
    expect(existsSync(`${file}.4`)).toBe(false);
  });

  it('continues an existing file after a restart, counting its size', () => {
    const file = tempFile();
    const size = Buffer.byteLength(line(0));
    const first = createRotatingFile({ file, maxBytes: size * 3, keep: 1 });
    for (let n = 0; n < 2; n += 1) first.write(line(n));
    first.close();
    const second = createRotatingFile({ file, maxBytes: size * 3, keep: 1 });
    for (let n = 2; n < 4; n += 1) second.write(line(n));
    second.close();
    expect(numbersIn(`${file}.1`)).toEqual([0, 1, 2]);
    expect(numbersIn(file)).toEqual([3]);
  });

  it('writes a batch of lines in one write, rotating inside the batch exactly where single writes would', () => {
    const file = tempFile();
    const size = Buffer.byteLength(line(0));
    const log = createRotatingFile({ file, maxBytes: size * 10, keep: 3 });
    log.writeLines(Array.from({ length: 25 }, (_, n) => line(n)));
    log.writeLines([line(25), line(26)]);
    log.close();
    expect(numbersIn(`${file}.2`)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(numbersIn(`${file}.1`)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(numbersIn(file)).toEqual([20, 21, 22, 23, 24, 25, 26]);
  });
});
