import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metricsTokenFile, resolveMetricsToken } from './prometheus-token';

function configIn(dir: string, prometheusUrl: string | undefined) {
  return { prometheusUrl, prometheusSdFile: path.join(dir, 'sd', 'targets.json') };
}

describe('the metrics-only secret of the installation', () => {
  it('is generated once next to the targets file, readable by its owner only, and then kept', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-metrics-token-'));
    const config = configIn(dir, 'http://127.0.0.1:9090');
    const token = resolveMetricsToken(config);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(metricsTokenFile(config)).toBe(path.join(dir, 'sd', 'metrics-token'));
    expect(fs.statSync(metricsTokenFile(config)).mode & 0o777).toBe(0o600);
    expect(resolveMetricsToken(config)).toBe(token);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('does not exist without PROMETHEUS_URL', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-metrics-token-'));
    const config = configIn(dir, undefined);
    expect(resolveMetricsToken(config)).toBeUndefined();
    expect(fs.existsSync(metricsTokenFile(config))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a file that holds no usable secret, naming the file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'herald-metrics-token-'));
    const config = configIn(dir, 'http://127.0.0.1:9090');
    fs.mkdirSync(path.dirname(metricsTokenFile(config)), { recursive: true });
    fs.writeFileSync(metricsTokenFile(config), 'short\n');
    expect(() => resolveMetricsToken(config)).toThrow(metricsTokenFile(config));
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
