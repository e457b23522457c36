import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { isHealthy } from '../../runtime-client';
import type { RuntimeEndpoint } from '../../provisioner';
import type { LaunchSpec } from '../driver';
import type { ExitListener, LocalDriverTimings, LocalProcess } from './local-process';
import type { WorkloadFileStore } from './workload-files';

interface SpawnContext {
  files: WorkloadFileStore;
  timings: LocalDriverTimings;
  isClosed: () => boolean;
  stop: (record: LocalProcess) => Promise<void>;
  reportExit: ExitListener;
}

/**
 * Spawns the process and waits until it is healthy (its info file names it and /health answers). Throws when it
 * exits first, does not get ready in time, or the driver closes. The process outlives a crash of this one
 * (docs/decisions/014): its own session (a terminal's Ctrl-C or hang-up reaches the control plane, which stops it
 * gracefully), no pipe to us (a write to a pipe whose reader died would fail), its log in its own rotated file and
 * its raw output in a file of its data dir.
 */
export async function spawnProcess(
  context: SpawnContext,
  record: LocalProcess,
  spec: LaunchSpec,
): Promise<RuntimeEndpoint> {
  const { files, timings } = context;
  const { ref } = spec;
  await mkdir(files.dirOf(ref.group), { recursive: true });
  await rm(files.fileOf(ref, 'info'), { force: true });
  if (context.isClosed()) throw new Error('provisioner closed');
  await files.moveOutputAside(ref);
  const output = openSync(files.fileOf(ref, 'output'), 'w');
  let child: ChildProcess;
  try {
    child = spawn(process.execPath, spec.command.args, {
      cwd: spec.command.cwd,
      detached: true,
      stdio: ['ignore', output, output],
      env: spec.env,
    });
  } finally {
    closeSync(output);
  }
  record.child = child;
  record.pid = child.pid ?? null;
  record.isReady = false;
  let exited = false;
  let spawnError: Error | undefined;
  let wake: (() => void) | undefined;
  child.once('error', (error) => {
    spawnError = error;
    exited = true;
    wake?.();
  });
  child.once('exit', (code, signal) => {
    exited = true;
    wake?.();
    // Only a healthy process's exit is reported; one during start fails the start (below).
    if (record.child === child && record.isReady && !record.stopping) {
      context.reportExit(ref.id, { code, signal });
    }
  });
  if (child.pid) await files.writeNotes(ref, { pid: child.pid });

  const deadline = Date.now() + timings.readyTimeoutMs;
  for (;;) {
    if (exited) {
      record.child = null;
      record.pid = null;
      throw new Error(
        spawnError
          ? `runtime could not be started: ${spawnError.message}`
          : `runtime exited during start (code ${child.exitCode ?? child.signalCode}): ${(await files.recentLogs(ref, 3)).join(' | ')}`,
      );
    }
    if (context.isClosed() || Date.now() > deadline) {
      await context.stop(record);
      throw new Error(
        context.isClosed() ? 'provisioner closed' : 'runtime did not get ready in time',
      );
    }
    const info = await files.readInfo(ref);
    if (info && info.pid === child.pid) {
      const endpoint = { httpPort: info.httpPort, mqttPort: info.mqttPort };
      if (await isHealthy(endpoint)) {
        record.endpoint = endpoint;
        record.isReady = true;
        return endpoint;
      }
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 25);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wake = undefined;
  }
}
