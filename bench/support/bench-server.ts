import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../apps/server/src/testing/free-port';

/** The repository's root, from which the server is started. */
export const REPO_ROOT = new URL('../..', import.meta.url).pathname;

export interface BenchServer {
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function waitForHealth(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/v3/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}

/**
 * The real server (`node --import tsx apps/server/src/server.ts`, as `npm start` runs it, NODE_ENV=production,
 * LOG_LEVEL=warn) on a free loopback port over a prepared DATA_DIR; resolves once /v3/health answers.
 */
export async function startBenchServer(options: {
  dataDir: string;
  webDistDir: string;
}): Promise<BenchServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: options.dataDir,
      WEB_DIST_DIR: options.webDistDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForHealth(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, process: server, stop };
}
