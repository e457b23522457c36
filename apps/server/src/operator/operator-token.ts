import { resolveDataDirSecret } from '../lib/data-dir-secret';
import path from 'node:path';
import type { Config } from '../config';

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
  return resolveDataDirSecret(config.dataDir, OPERATOR_TOKEN_FILE, 'operator token');
}
