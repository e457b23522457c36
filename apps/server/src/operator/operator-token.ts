import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { StartupError } from '../lib/startup-error';

export const OPERATOR_TOKEN_FILE = 'operator-token';

/** The header the operator's command line presents the token in. */
export const OPERATOR_TOKEN_HEADER = 'x-operator-token';

export function operatorTokenPath(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, OPERATOR_TOKEN_FILE);
}

/**
 * The operator's credential for the operator channel (issue 13 "authenticated by access to the server's data and
 * configuration"): generated once into DATA_DIR/operator-token (mode 0600), as the outbox token
 * (docs/decisions/011), so only someone who can read the server's data directory can run operator commands. Never
 * logged, never printed.
 */
export function resolveOperatorToken(config: Pick<Config, 'dataDir'>): string {
  const file = operatorTokenPath(config);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // O_EXCL: of two servers starting on one DATA_DIR, one writes and both read the same token.
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const token = fs.readFileSync(file, 'utf8').trim();
  if (token.length < 32) {
    throw new StartupError(
      `${file} does not hold a usable operator token (fewer than 32 characters): delete it to generate a new one.`,
    );
  }
  return token;
}
