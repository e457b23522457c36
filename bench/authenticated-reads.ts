/**
 * Signed-in reads against the real server over loopback HTTP (issue 9, Performance): autocannon, 16 connections,
 * ~10 s per route after a 2 s warm-up, against /v3/health (without and with a session cookie), /v3/user,
 * /v3/workspace/{id}/services, /v3/workspaces?expandServices=true, and the other reads of a page load (the services
 * statuses, /v3/metadata, /v3/auth/connections). Prints req/s (average), p99 and the server
 * process's CPU time per request (from /proc: the figure that stays comparable when other work shares the cores).
 *
 * Setup goes straight through the database (no mail outbox): the app is built in-process on a temporary DATA_DIR,
 * a verified member with a profile, a workspace and 10 services (suspended or marked running: no runtime starts)
 * are written, the app is closed, then the real server (`node --import tsx apps/server/src/server.ts`) is started
 * on that DATA_DIR on a free loopback port with LOG_LEVEL=warn. The server is stopped and the directory removed at
 * the end.
 * Run: node --import tsx bench/authenticated-reads.ts [seconds per route, default 10]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { AUTH_COOKIE_NAME } from '@herald/contract/constants';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { insertManyTestServices } from '../apps/server/src/testing/test-services';
import { createTestMember, createTestWorkspace } from '../apps/server/src/testing/test-workspaces';
import { startBenchServer } from './support/bench-server';

const CONNECTIONS = 16;
const SERVICES = 10;
const WARM_UP_SECONDS = 2;
const seconds = Number(process.argv[2] ?? 10);
if (!Number.isFinite(seconds) || seconds <= 0 || seconds > 120) {
  throw new Error('seconds per route must be between 1 and 120');
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-reads-'));
// An empty dashboard build: the bench reads API routes only.
const webDistDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-bench-web-'));

async function seed(): Promise<{ token: string; workspaceId: string }> {
  const app = await buildApp({
    config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0' }),
  });
  try {
    const member = await createTestMember(app);
    const workspaceId = await createTestWorkspace(app, member, 'Bench');
    await insertManyTestServices(app, workspaceId, SERVICES);
    return { token: member.token, workspaceId };
  } finally {
    await app.close();
  }
}

interface Case {
  name: string;
  path: string;
  headers: Record<string, string>;
}

/** CPU time (user + system) the server process has used, in ms, from /proc (Linux): load-independent cost. */
function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After "pid (comm) ": state is field 0, utime field 11, stime field 12, in clock ticks (100 per second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function measure(
  base: string,
  pid: number,
  item: Case,
): Promise<{ rps: number; p99: number; cpuMsPerRequest: number }> {
  // Fail early on a wrong setup: every measured answer must be a 200.
  const check = await fetch(`${base}${item.path}`, { headers: item.headers });
  if (check.status !== 200) throw new Error(`${item.name}: ${check.status} ${await check.text()}`);
  const options = { url: `${base}${item.path}`, connections: CONNECTIONS, headers: item.headers };
  // An uncounted warm-up, so that the JIT and the database's caches are warm for every route alike.
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  const cpuBefore = cpuMsOf(pid);
  const result = await autocannon({ ...options, duration: seconds });
  const cpuMs = cpuMsOf(pid) - cpuBefore;
  const non2xx = result.non2xx + result.errors + result.timeouts;
  if (non2xx > 0) throw new Error(`${item.name}: ${non2xx} failed answers`);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuMs / result.requests.total,
  };
}

const { token, workspaceId } = await seed();
const server = await startBenchServer({ dataDir, webDistDir });
const { base } = server;
try {
  const cookie = { cookie: `${AUTH_COOKIE_NAME}=${token}` };
  const cases: Case[] = [
    { name: 'GET /v3/health (no cookie)', path: '/v3/health', headers: {} },
    { name: 'GET /v3/health (cookie)', path: '/v3/health', headers: cookie },
    { name: 'GET /v3/user', path: '/v3/user', headers: cookie },
    {
      name: 'GET /v3/workspace/{id}/services',
      path: `/v3/workspace/${workspaceId}/services`,
      headers: cookie,
    },
    {
      name: 'GET /v3/workspaces?expandServices=true',
      path: '/v3/workspaces?expandServices=true',
      headers: cookie,
    },
    // The rest of what a page load asks (contract page-answers: signedInPageCalls and publicPageCalls).
    {
      name: 'GET /v3/workspace/{id}/services/status',
      path: `/v3/workspace/${workspaceId}/services/status`,
      headers: cookie,
    },
    { name: 'GET /v3/metadata', path: '/v3/metadata', headers: cookie },
    { name: 'GET /v3/auth/connections', path: '/v3/auth/connections', headers: {} },
  ];
  const rows: string[] = [];
  for (const item of cases) {
    const { rps, p99, cpuMsPerRequest } = await measure(base, server.process.pid!, item);
    const row = `| ${item.name} | ${Math.round(rps).toLocaleString('en')} | ${p99} | ${cpuMsPerRequest.toFixed(2)} |`;
    console.log(row);
    rows.push(row);
  }
  console.log(
    `\n${CONNECTIONS} connections, ${seconds} s per route, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
  );
  console.log(
    ['| route | req/s | p99 (ms) | server CPU ms/request |', '|---|---:|---:|---:|', ...rows].join(
      '\n',
    ),
  );
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(webDistDir, { recursive: true, force: true });
}
