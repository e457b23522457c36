import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

export const PROMETHEUS_BIN = process.env.PROMETHEUS_BIN ?? '/usr/bin/prometheus';
const run = promisify(execFile);

/** Debian's prometheus package ships promtool beside the server. */
export const PROMTOOL_BIN = path.join(path.dirname(PROMETHEUS_BIN), 'promtool');
export const PROMETHEUS_INSTALL_COMMAND = 'node scripts/ensure-system-deps.mjs prometheus';

export interface PrometheusServer {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface PrometheusServerOptions {
  /** The file-SD targets file the control plane writes. */
  sdFile: string;
  /** The metrics-only secret (Authorization: Bearer) the runtimes accept. */
  credentialsFile: string;
  /** Default 1 s: tests wait for scrapes. */
  scrapeInterval?: string;
  /** Listen here (default: a free loopback port). */
  port?: number;
  /** Samples to load before the start (OpenMetrics text ending in `# EOF`), written as blocks by promtool. */
  backfill?: string;
}

/**
 * A real Prometheus server (Debian's package; never its system service) with its own configuration, data dir and
 * loopback port, scraping the targets the control plane writes. `stop()` stops it and removes its files.
 */
export async function startPrometheusServer(
  options: PrometheusServerOptions,
): Promise<PrometheusServer> {
  if (!fs.existsSync(PROMETHEUS_BIN)) {
    throw new Error(
      `Prometheus was not found at ${PROMETHEUS_BIN}. Install it with: ${PROMETHEUS_INSTALL_COMMAND}`,
    );
  }
  const baseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-prometheus-'));
  const configFile = path.join(baseDir, 'prometheus.yml');
  const interval = options.scrapeInterval ?? '1s';
  fs.writeFileSync(
    configFile,
    [
      'global:',
      `  scrape_interval: ${interval}`,
      `  scrape_timeout: ${interval}`,
      'scrape_configs:',
      '  - job_name: herald-runtimes',
      '    authorization:',
      '      type: Bearer',
      `      credentials_file: ${JSON.stringify(options.credentialsFile)}`,
      '    file_sd_configs:',
      `      - files: [${JSON.stringify(options.sdFile)}]`,
      '',
    ].join('\n'),
  );
  const dataDir = path.join(baseDir, 'data');
  if (options.backfill !== undefined) {
    const input = path.join(baseDir, 'backfill.om');
    fs.writeFileSync(input, options.backfill);
    try {
      await run(PROMTOOL_BIN, [
        'tsdb',
        'create-blocks-from',
        'openmetrics',
        '--quiet',
        input,
        dataDir,
      ]);
    } catch (error) {
      fs.rmSync(baseDir, { recursive: true, force: true });
      throw error;
    }
  }
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    PROMETHEUS_BIN,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${dataDir}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    fs.rmSync(baseDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      fs.rmSync(baseDir, { recursive: true, force: true });
      throw new Error(`prometheus exited during start: ${output}`);
    }
    const ready = await fetch(`${url}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { url, port, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus did not get ready: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
