import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import type { ExitReport, LaunchSpec, WorkloadRef } from '../driver';
import { createLocalDriver } from './local-driver';
import { isAlive } from './process-tools';

const logger = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'herald-local-driver-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A process that is no runtime: it serves /health and writes its ready file, as any workload kind must. */
const STAND_IN = `
const http = require('node:http');
const fs = require('node:fs');
const server = http.createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ status: 'ok', workloadId: process.env.WORKLOAD_ID, pid: process.pid }));
});
server.listen(0, '127.0.0.1', () => {
  console.log('stand-in up');
  const info = { pid: process.pid, httpPort: server.address().port, mqttPort: 0, version: process.env.VERSION };
  fs.writeFileSync(process.env.READY_FILE, JSON.stringify(info));
});
process.on('SIGTERM', () => process.exit(0));
`;

function refOf(id: string): WorkloadRef {
  return {
    id,
    group: `group-${id}`,
    files: { log: 'w.log', output: 'w.out', info: 'w.json', notes: 'w.control.json' },
    marker: `WORKLOAD_ID=${id}`,
  };
}

function specOf(id: string, version = '1.0'): LaunchSpec {
  const ref = refOf(id);
  return {
    ref,
    command: { args: ['-e', STAND_IN], cwd: dataDir },
    env: {
      PATH: process.env.PATH ?? '',
      WORKLOAD_ID: id,
      VERSION: version,
      READY_FILE: path.join(dataDir, 'services', ref.group, ref.files.info),
    },
    version,
  };
}

const pidOf = (ref: WorkloadRef) =>
  (
    JSON.parse(readFileSync(path.join(dataDir, 'services', ref.group, ref.files.info), 'utf8')) as {
      pid: number;
    }
  ).pid;

async function until(predicate: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the local process driver with real processes', () => {
  it('starts a detached process, reports its unasked exit, and stops one without reporting it', async () => {
    const driver = createLocalDriver({ dataDir, logger });
    const exits: [string, ExitReport][] = [];
    driver.onExit((id, report) => exits.push([id, report]));
    const ref = refOf('a');
    const endpoint = await driver.start(specOf('a'));
    expect(endpoint.httpPort).toBeGreaterThan(0);
    expect(driver.observe(ref)).toEqual({ state: 'running' });
    expect(await driver.recentLogs(ref, 5)).toEqual(['stand-in up']);
    const pid = pidOf(ref);
    expect((await driver.readNotes(ref)) as { pid?: number }).toMatchObject({ pid });

    process.kill(pid, 'SIGKILL');
    await until(() => exits.length === 1, 'the exit report');
    expect(exits).toEqual([['a', { code: null, signal: 'SIGKILL' }]]);
    expect(driver.observe(ref)).toEqual({
      state: 'exited',
      exit: { code: null, signal: 'SIGKILL' },
    });

    await driver.start(specOf('a'));
    // The first start's output was moved aside for the log collector, not overwritten.
    expect(existsSync(path.join(dataDir, 'services', ref.group, 'w.out.1'))).toBe(true);
    const second = pidOf(ref);
    await driver.stop(ref);
    expect(isAlive(second)).toBe(false);
    expect(driver.observe(ref)).toEqual({ state: 'absent' });
    expect(exits).toHaveLength(1);
    driver.close();
  });

  it('fails a start whose process exits before it is ready, quoting its last words', async () => {
    const driver = createLocalDriver({ dataDir, logger });
    const spec = specOf('b');
    spec.command.args = ['-e', 'console.error("no config"); process.exit(3)'];
    await expect(driver.start(spec)).rejects.toThrow(/exited during start \(code 3\): no config/);
    expect(driver.observe(refOf('b'))).toEqual({ state: 'absent' });
    driver.close();
  });

  it('a new driver re-attaches a live process that proves to be the workload, polls it, and reports its end', async () => {
    const first = createLocalDriver({ dataDir, logger });
    const ref = refOf('c');
    await first.start(specOf('c', '2.0'));
    const pid = pidOf(ref);
    first.close(); // as a crashed control plane: nothing stops it

    const second = createLocalDriver({ dataDir, logger, timings: { attachedPollMs: 50 } });
    const exits: [string, ExitReport][] = [];
    second.onExit((id, report) => exits.push([id, report]));
    expect(await second.attach(ref, async () => false)).toBeNull();
    expect(isAlive(pid)).toBe(true);
    const attached = await second.attach(ref, async (_endpoint, claimed) => claimed === pid);
    expect(attached?.version).toBe('2.0');
    expect(second.observe(ref)).toEqual({ state: 'running' });

    process.kill(pid, 'SIGKILL');
    await until(() => exits.length === 1, 'the attached end');
    expect(exits).toEqual([['c', { attached: true }]]);
    expect(second.observe(ref)).toEqual({ state: 'absent' });
    second.close();
  });

  it('stops a leftover only when its environment proves it is the workload’s', async () => {
    const driver = createLocalDriver({ dataDir, logger });
    const ref = refOf('d');
    await driver.start(specOf('d'));
    const pid = pidOf(ref);
    // Another workload's notes naming this pid: not provably its, so never signalled.
    const other = path.join(dataDir, 'services', refOf('e').group);
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, refOf('e').files.notes), JSON.stringify({ pid }));
    await driver.stopLeftover(refOf('e'));
    expect(isAlive(pid)).toBe(true);
    await createLocalDriver({ dataDir, logger }).stopLeftover(ref);
    expect(isAlive(pid)).toBe(false);
    driver.close();
  });

  it('removes a group’s folder, and sweeps only old folders nobody owns', async () => {
    const driver = createLocalDriver({ dataDir, logger });
    await driver.writeNotes(refOf('f'), { handledRestartGeneration: 1 });
    await driver.removeGroup('group-f');
    expect(existsSync(path.join(dataDir, 'services', 'group-f'))).toBe(false);
    await driver.writeNotes(refOf('g'), { handledRestartGeneration: 1 });
    await driver.sweepGroups(new Set(), (group) => [refOf(group.replace('group-', ''))]);
    // Fresh: it may belong to another control plane creating it right now.
    expect(existsSync(path.join(dataDir, 'services', 'group-g'))).toBe(true);
    driver.close();
  });
});
