import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import { StartupError } from '../../lib/startup-error';

export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * AUTH_SECRET, or when it is unset a secret generated once and kept in DATA_DIR/auth-secret (mode 0600), so that
 * sessions and OAuth state survive restarts without the operator having to make one up. Never logged.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, AUTH_SECRET_FILE);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // O_EXCL: of two servers starting on one DATA_DIR, one writes and both read the same secret.
    fs.writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new StartupError(
      `${file} does not hold a usable secret (fewer than 32 characters): delete it to generate a new one, or set AUTH_SECRET.`,
    );
  }
  return secret;
}
