import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError } from './startup-error';

/**
 * A secret generated once into `dataDir/fileName` (mode 0600) and read back on every start, so only someone who can
 * read the server's data directory holds it (the outbox and operator tokens, the built-in checkout's webhook secret).
 * O_EXCL: of two servers starting on one DATA_DIR, one writes and both read the same value. Never logged.
 */
export function resolveDataDirSecret(dataDir: string, fileName: string, what: string): string {
  const file = path.join(dataDir, fileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new StartupError(
      `${file} does not hold a usable ${what} (fewer than 32 characters): delete it to generate a new one.`,
    );
  }
  return secret;
}
