import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RUNTIME_BUNDLE, RUNTIME_NODE_FLAGS } from '../build/runtime-bundle';

const RUNTIME_DIR = fileURLToPath(new URL('../..', import.meta.url));
const started = new Set<ChildProcess>();

/** Kills (SIGKILL) every spawned runtime still running: call it in afterEach so a failed test leaves none behind. */
export function killSpawnedRuntimes(): void {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  started.clear();
}

export interface SpawnedRuntime {
  child: ChildProcess;
  mqttPort: number;
  httpPort: number;
  /** Every stdout line so far. */
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the real process as the control plane does (`node dist/main.mjs`, built by the project's global setup)
 * and waits for "ready".
 */
export function spawnRuntime(
  env: Record<string, string>,
  options: { umask?: number } = {},
): Promise<SpawnedRuntime> {
  const command = [process.execPath, ...RUNTIME_NODE_FLAGS, RUNTIME_BUNDLE];
  // A umask of the parent's choosing (a child inherits it): through the shell, which sets it, then execs node.
  const [file, ...args] =
    options.umask === undefined
      ? command
      : [
          '/bin/sh',
          '-c',
          `umask ${options.umask.toString(8).padStart(3, '0')} && exec "$@"`,
          'sh',
          ...command,
        ];
  const child = spawn(file as string, args, {
    cwd: RUNTIME_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    let buffered = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split('\n');
      buffered = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        const record = JSON.parse(line) as { msg: string; mqttPort?: number; httpPort?: number };
        if (record.msg === 'ready') {
          resolve({
            child,
            mqttPort: record.mqttPort ?? 0,
            httpPort: record.httpPort ?? 0,
            lines,
            exited,
          });
        }
      }
    });
    void exited.then(({ code }) =>
      reject(new Error(`runtime exited with ${code} before ready: ${stderr}${lines.join('\n')}`)),
    );
  });
}
