import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import {
  RUNTIME_NODE_FLAGS,
  ensureRuntimeBundle,
} from '../../packages/runtime/src/build/runtime-bundle';

/** A broker process the MQTT benches drive: where it listens, how to log in, its pid (for RSS and open fds). */
export interface BenchBroker {
  name: string;
  port: number;
  pid: number;
  /** Username and password of a login: a token (the runtime), or none (mosquitto and bare aedes: anonymous). */
  username: string | null;
  password: string | null;
  /** Resolves when the process exits: a crash during a measurement is reported, never waited on forever. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bench's signing key and its service tokens (ES256, as the control plane signs them). */
export interface BenchKeys {
  jwks: { keys: unknown[] };
  /** A write token; a different `subject` gives a different token (a cold verification). */
  serviceToken(subject?: string): Promise<string>;
}

export async function createBenchKeys(): Promise<BenchKeys> {
  const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'ES256' };
  return {
    jwks: { keys: [jwk] },
    serviceToken: (subject = 'bench') =>
      new SignJWT({ scope: 'read write', cv: 1 })
        .setProtectedHeader({ alg: 'ES256', kid: 'bench' })
        .setIssuer('herald-cloud')
        .setSubject(subject)
        .setAudience('herald:service:bench')
        .setExpirationTime('1h')
        .sign(privateKey),
  };
}

/** The runtime as the control plane starts it (docs/decisions/028): the compiled bundle, token logins. */
export async function startRuntimeBroker(dir: string, keys: BenchKeys): Promise<BenchBroker> {
  const bundle = await ensureRuntimeBundle();
  const dataDir = join(dir, `runtime-${randomUUID()}`);
  // RUNTIME_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the runtime (written at its SIGTERM exit).
  const nodeArgs = (process.env.RUNTIME_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...RUNTIME_NODE_FLAGS, ...nodeArgs, bundle], {
    env: {
      PATH: process.env.PATH ?? '',
      HERALD_SERVICE_ID: 'bench',
      HERALD_SERVICE_NAME: 'bench',
      HERALD_WORKSPACE_ID: 'bench',
      HERALD_VERSION: '6.11.0',
      HERALD_DATA_DIR: dataDir,
      HERALD_JWKS: JSON.stringify(keys.jwks),
      HERALD_TOPICS_CAPACITY: '100000',
      // Its log goes to a file as under the control plane (a line per connection on a pipe would be read here).
      HERALD_LOG_FILE: join(dataDir, 'runtime.log'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = exitOf(child);
  let hasExited = false;
  void exited.then(() => (hasExited = true));
  for (;;) {
    if (hasExited) throw new Error('the runtime exited during its start');
    const info = await readFile(join(dataDir, 'runtime.json'), 'utf8').then(
      (text) => JSON.parse(text) as { pid: number; mqttPort: number },
      () => null,
    );
    if (info !== null && info.pid === child.pid) {
      return {
        name: 'herald runtime',
        port: info.mqttPort,
        pid: child.pid ?? 0,
        username: 'token',
        password: await keys.serviceToken(),
        exited,
        stop: () => stopProcess(child),
      };
    }
    await sleep(20);
  }
}

/** Debian's mosquitto on a loopback port: anonymous, no persistence. */
export async function startMosquittoBroker(dir: string): Promise<BenchBroker> {
  const port = await freePort();
  const conf = join(dir, `mosquitto-${port}.conf`);
  await writeFile(conf, `listener ${port} 127.0.0.1\nallow_anonymous true\npersistence false\n`);
  const child = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: 'ignore' });
  const exited = exitOf(child);
  await waitForPort(port);
  return {
    name: 'mosquitto',
    port,
    pid: child.pid ?? 0,
    username: null,
    password: null,
    exited,
    stop: () => stopProcess(child),
  };
}

/** aedes without our hooks or state, as a reference: the gap to it is what auth, policy and durability cost. */
export async function startBareAedesBroker(): Promise<BenchBroker> {
  const script = [
    "import { createServer } from 'node:net';",
    "import { Aedes } from 'aedes';",
    'const broker = await Aedes.createBroker();',
    "const server = createServer((socket) => broker.handle(socket)).listen(0, '127.0.0.1', () =>",
    '  console.log(server.address().port));',
  ].join('\n');
  return startScriptBroker('bare aedes', ['--input-type=module', '-e', script], 'packages/runtime');
}

/** An anonymous reference broker run from a script that prints the port it listens on. */
async function startScriptBroker(name: string, args: string[], cwd?: string): Promise<BenchBroker> {
  const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = exitOf(child);
  const port = await new Promise<number>((resolve) =>
    child.stdout?.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  return {
    name,
    port,
    pid: child.pid ?? 0,
    username: null,
    password: null,
    exited,
    stop: () => stopProcess(child),
  };
}

/**
 * Node's own sockets with no MQTT behind them, as the floor of any broker written on Node: it answers the first bytes of
 * a connection with a CONNACK (accepted), holds the socket, and closes it at a DISCONNECT or the client's end. What
 * the runtime costs above it is what aedes and our hooks add to a connection.
 */
export async function startBareSocketServer(): Promise<BenchBroker> {
  const script = [
    "const { createServer } = require('node:net');",
    'const CONNACK = Buffer.from([0x20, 2, 0, 0]);',
    'const server = createServer((socket) => {',
    '  let isAnswered = false;',
    "  socket.on('data', (chunk) => {",
    '    if (!isAnswered) { isAnswered = true; socket.write(CONNACK); }',
    '    if (chunk[chunk.length - 2] === 0xe0 && chunk[chunk.length - 1] === 0) socket.destroy();',
    '  });',
    "  socket.on('end', () => socket.destroy());",
    "  socket.on('error', () => socket.destroy());",
    "}).listen(0, '127.0.0.1', () => console.log(server.address().port));",
  ].join('\n');
  return startScriptBroker('bare Node sockets', ['-e', script]);
}

async function waitForPort(port: number): Promise<void> {
  const { connect } = await import('node:net');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const isOpen = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (isOpen) return;
    await sleep(50);
  }
  throw new Error(`nothing listens on port ${port}`);
}

/** Linux's clock tick for /proc's CPU times (USER_HZ, 100 on every Linux build we run on). */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * CPU seconds (user + system) the broker's process has used, from /proc: what a message costs the broker, whatever
 * the bench's own client (one process, on the other core) lets through. The process's name may hold spaces, so the
 * fields are counted from after its closing parenthesis (proc(5): utime and stime are fields 14 and 15).
 */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
}

/** The process's resident set size in KiB (/proc). */
export function rssKiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0);
}

/**
 * The RSS once the process has been idle long enough to give back what the connection burst used: V8's memory
 * reducer collects and returns the burst's pages only after some idle time (measured: 14.4 KiB a session 10–20 s
 * after 5,000 CONNECTs, 7.9 KiB from 30 s on, flat to 90 s), so a reading after 10 s counted the burst as sessions.
 * Waits 40 s, then reads every 10 s until a reading falls by less than 1 % (at most 80 s more).
 */
export async function steadyRssKiB(pid: number): Promise<number> {
  await sleep(40_000);
  let previous = rssKiB(pid);
  for (let reading = 0; reading < 8; reading += 1) {
    await sleep(10_000);
    const current = rssKiB(pid);
    if (current > previous * 0.99) return current;
    previous = current;
  }
  return previous;
}

/** How many file descriptors the process holds open. */
export function openFds(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/** "load average 1.2 0.9 0.7": printed with the figures, which mean little on a loaded machine. */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
}
