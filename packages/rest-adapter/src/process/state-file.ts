import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { restEndpointStateSchema } from '@herald/contract/rest-adapters/rest-adapter-process';
import type { Logger } from '@herald/runtime/log';

/**
 * What the adapter remembers across restarts (docs/decisions/051): per endpoint its validators (ETag,
 * Last-Modified), the hash of its last published value and the state the screens show, in
 * `rest-adapter-state.json` in HERALD_DATA_DIR: mode 0600, written to a temporary file then renamed (never half a
 * file), at most once a second. An entry counts only for the same request and topic (`fingerprint`: URL, pointer,
 * topic): an endpoint whose settings changed starts afresh. An unreadable file is logged and started afresh.
 */
export const STATE_FILE_NAME = 'rest-adapter-state.json';
const WRITE_DEBOUNCE_MS = 1_000;

const storedEndpointSchema = z.object({
  fingerprint: z.string(),
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  hash: z.string().nullable(),
  state: restEndpointStateSchema,
});
export type StoredEndpoint = z.infer<typeof storedEndpointSchema>;

const fileSchema = z.object({
  version: z.literal(1),
  endpoints: z.record(z.string(), storedEndpointSchema),
});

export interface StateFile {
  load(): Promise<Map<string, StoredEndpoint>>;
  /** Schedules a write of what `snapshot` answers then. */
  changed(): void;
  flush(): Promise<void>;
}

export function createStateFile(
  dataDir: string,
  snapshot: () => Record<string, StoredEndpoint>,
  log: Logger,
): StateFile {
  const file = join(dataDir, STATE_FILE_NAME);
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(): Promise<void> {
    const temporary = `${file}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(JSON.stringify({ version: 1, endpoints: snapshot() }));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }

  const writeNow = () => {
    timer = null;
    writing = writing
      .then(write)
      .catch((error: unknown) =>
        log.warn(`The adapter's state could not be saved: ${String(error)}`),
      );
    return writing;
  };

  return {
    async load() {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch {
        return new Map();
      }
      try {
        const parsed = fileSchema.parse(JSON.parse(text));
        return new Map(Object.entries(parsed.endpoints));
      } catch {
        log.warn(
          `The adapter's saved state (${STATE_FILE_NAME}) is unreadable; every endpoint starts afresh.`,
        );
        return new Map();
      }
    },
    changed() {
      timer ??= setTimeout(writeNow, WRITE_DEBOUNCE_MS);
    },
    async flush() {
      if (timer !== null) clearTimeout(timer);
      await writeNow();
    },
  };
}
