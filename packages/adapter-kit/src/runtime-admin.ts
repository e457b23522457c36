import { readFile } from 'node:fs/promises';
import type { TopicType } from '@herald/contract/topics/topic.schema';

/**
 * The adapter's calls to its service runtime's admin API (issue 27 item 2): read a topic, create one with its type and
 * properties. The runtime's HTTP port is read from its ready file (`runtime.json`, HERALD_RUNTIME_INFO_FILE) at each
 * call, because a restarted runtime listens on another port. Calls are made with the adapter's own service token
 * (the credential createAdapterKind signs for `kafka-adapter:{id}` or `rest-adapter:{id}`), the runtime checks its rights like any caller's.
 */
export interface TopicSpec {
  type: TopicType;
  properties: Record<string, string>;
}

/** The runtime answered, but not with what was asked: `status` tells a refusal (4xx) from a failure. */
export class RuntimeAdminError extends Error {
  override name = 'RuntimeAdminError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
  /** A refusal the same call would get again (bad request, forbidden, conflict): not worth retrying at once. */
  get isRefusal(): boolean {
    return this.status !== null && this.status >= 400 && this.status < 500;
  }
}

export interface RuntimeAdmin {
  /** The topic's type and properties, or null when it does not exist. */
  getTopic(path: string): Promise<TopicSpec | null>;
  /** Creates the topic (or sets its properties); answers what the runtime now holds. */
  putTopic(path: string, spec: TopicSpec): Promise<TopicSpec>;
}

const CALL_TIMEOUT_MS = 5_000;

async function runtimeBaseUrl(infoFile: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(infoFile, 'utf8');
  } catch (error) {
    throw new RuntimeAdminError(
      `the runtime's ready file ${infoFile} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}): is the runtime running?`,
      null,
    );
  }
  let port: unknown;
  try {
    port = (JSON.parse(text) as { httpPort?: unknown }).httpPort;
  } catch {
    port = undefined;
  }
  if (typeof port !== 'number' || !Number.isInteger(port) || port <= 0) {
    throw new RuntimeAdminError(`the runtime's ready file ${infoFile} names no HTTP port`, null);
  }
  return `http://127.0.0.1:${port}`;
}

export function createRuntimeAdmin(options: { infoFile: string; token: string }): RuntimeAdmin {
  async function call(method: 'GET' | 'PUT', path: string, body?: unknown): Promise<Response> {
    const base = await runtimeBaseUrl(options.infoFile);
    const url = `${base}/admin/topic?path=${encodeURIComponent(path)}`;
    try {
      return await fetch(url, {
        method,
        headers: {
          authorization: `Bearer ${options.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
    } catch (error) {
      throw new RuntimeAdminError(
        `the runtime's admin API did not answer ${method} for topic "${path}": ${(error as Error).cause ?? (error as Error).message}`,
        null,
      );
    }
  }

  async function refusal(response: Response, what: string): Promise<RuntimeAdminError> {
    let message = response.statusText;
    try {
      message = ((await response.json()) as { message?: string }).message ?? message;
    } catch {
      // not the error envelope: the status text says enough
    }
    return new RuntimeAdminError(`${what}: ${response.status} ${message}`, response.status);
  }

  const specOf = (body: unknown): TopicSpec => {
    const { type, properties } = body as TopicSpec;
    return { type, properties };
  };

  return {
    async getTopic(path) {
      const response = await call('GET', path);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw await refusal(response, `reading topic "${path}" was refused`);
      return specOf(await response.json());
    },
    async putTopic(path, spec) {
      const response = await call('PUT', path, spec);
      if (!response.ok) throw await refusal(response, `creating topic "${path}" was refused`);
      return specOf(await response.json());
    },
  };
}
