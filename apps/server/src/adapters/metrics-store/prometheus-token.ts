import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { StartupError } from '../../lib/startup-error';

export const METRICS_TOKEN_FILE = 'metrics-token';

/** Where the metrics-only secret is kept: next to the service discovery file, for Prometheus's `credentials_file`. */
export function metricsTokenFile(config: Pick<Config, 'prometheusSdFile'>): string {
  return path.join(path.dirname(config.prometheusSdFile), METRICS_TOKEN_FILE);
}

/**
 * With the Prometheus metrics store (PROMETHEUS_URL), the secret a Prometheus server scrapes the runtimes' /metrics
 * with, and nothing else (each runtime gets it as HERALD_METRICS_TOKEN): generated once (mode 0600), so scrapes keep
 * working across restarts of the control plane and of re-attached runtimes. Without PROMETHEUS_URL: none, and
 * runtimes accept only service tokens. Never logged.
 */
export function resolveMetricsToken(
  config: Pick<Config, 'prometheusUrl' | 'prometheusSdFile'>,
): string | undefined {
  if (!config.prometheusUrl) return undefined;
  const file = metricsTokenFile(config);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // O_EXCL: of two servers starting on one directory, one writes and both read the same secret.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const token = fs.readFileSync(file, 'utf8').trim();
  if (!/^[\x21-\x7e]{32,512}$/.test(token)) {
    throw new StartupError(
      `${file} does not hold a usable metrics secret (32 to 512 visible characters): delete it to generate a new one.`,
    );
  }
  return token;
}
