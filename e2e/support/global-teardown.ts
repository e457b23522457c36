import { rmSync } from 'node:fs';

/** Removes the run's throwaway data directory (made in playwright.config.ts). */
export default function globalTeardown(): void {
  const dataDir = process.env.HERALD_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
