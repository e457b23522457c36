import type { DashboardRevocation } from '@herald/contract/services/dashboard-access';
import { responsiveDeadline } from '../../lib/responsive-deadline';
import type { RuntimeEndpoint } from './provisioner';
import { RuntimeCallError } from './runtime-call-error';
import { runtimePrincipalUrl } from './runtime-paths';

/**
 * Typed calls to a service runtime's loopback HTTP API (health, admin API, metrics). The admin calls carry a
 * service token the control plane signs for itself (signControlPlaneToken); tokens are never logged.
 */

/**
 * Every call gives up after this long. A runtime on loopback answers in milliseconds; the margin is for a host so busy
 * that a write waits on the disk for seconds, where a slow answer is better than "try again". The time is counted
 * while this process was free to read the answer (responsiveDeadline), so our own stalls are not blamed on the
 * runtime.
 */
export const RUNTIME_CALL_TIMEOUT_MS = 5_000;

export interface RuntimeServerInfo {
  sessions: number;
  topics: number;
  topicsCapacity: number;
  version: string;
  uptimeSeconds: number;
}

/** The `message` of a runtime's JSON error body (`{ code, message }`), if there is one. */
function messageOf(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

function isTimeout(error: unknown): boolean {
  return (error as Error | undefined)?.name === 'TimeoutError';
}

interface CallOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Hand the body over as it arrives (the deadline covers it until it ends) instead of reading it here. */
  stream?: boolean;
}

/**
 * One call, its answer read in full within the deadline (or, with `stream`, passed on with the deadline still
 * running until its last byte). A failed status throws with the runtime's message.
 */
async function call(
  endpoint: RuntimeEndpoint,
  method: string,
  path: string,
  token: string | undefined,
  options: CallOptions = {},
): Promise<Response> {
  const url = `http://127.0.0.1:${endpoint.httpPort}${path}`;
  const deadline = responsiveDeadline(RUNTIME_CALL_TIMEOUT_MS);
  const signal = options.signal
    ? AbortSignal.any([deadline.signal, options.signal])
    : deadline.signal;
  const failed = (error: unknown) => {
    deadline.release();
    const reason = isTimeout(error) ? 'timed out' : (error as Error).message;
    return new RuntimeCallError(`Runtime ${method} ${path} failed: ${reason}`);
  };
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...(token && { authorization: `Bearer ${token}` }),
        ...(options.body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
      signal,
    });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    deadline.release();
    throw new RuntimeCallError(
      `Runtime ${method} ${path} answered ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
      response.status,
      messageOf(text),
    );
  }
  if (options.stream && response.body) {
    const release = new TransformStream<Uint8Array, Uint8Array>({
      flush: () => deadline.release(),
    });
    return withBody(response, response.body.pipeThrough(release));
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw failed(error);
  }
  deadline.release();
  // A 204 may carry no body, not even an empty one.
  return withBody(response, text === '' ? null : text);
}

/** The runtime's answer (status, headers) with the body this client has read or wrapped. */
function withBody(response: Response, body: ConstructorParameters<typeof Response>[0]): Response {
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
}

/** GET /health (no auth): true when the runtime answers 200. Never throws. */
export async function isHealthy(endpoint: RuntimeEndpoint, signal?: AbortSignal): Promise<boolean> {
  try {
    const response = await call(endpoint, 'GET', '/health', undefined, {
      ...(signal && { signal }),
    });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** GET /admin/server: live figures of the service (sessions, topics, capacity, version, uptime). */
export async function getServerInfo(
  endpoint: RuntimeEndpoint,
  token: string,
  signal?: AbortSignal,
): Promise<RuntimeServerInfo> {
  const response = await call(endpoint, 'GET', '/admin/server', token, {
    ...(signal && { signal }),
  });
  const body = (await response.json()) as Partial<RuntimeServerInfo>;
  return {
    sessions: Number(body.sessions ?? 0),
    topics: Number(body.topics ?? 0),
    topicsCapacity: Number(body.topicsCapacity ?? 0),
    version: String(body.version ?? ''),
    uptimeSeconds: Number(body.uptimeSeconds ?? 0),
  };
}

/** DELETE /admin/topics: removes every topic; returns how many were removed. */
export async function resetTopics(
  endpoint: RuntimeEndpoint,
  token: string,
  signal?: AbortSignal,
): Promise<{ removed: number }> {
  const response = await call(endpoint, 'DELETE', '/admin/topics', token, {
    ...(signal && { signal }),
  });
  const body = (await response.json().catch(() => ({}))) as { removed?: number };
  return { removed: Number(body.removed ?? 0) };
}

/** PUT /admin/credentials: the runtime refuses tokens whose `cv` claim is older than this from now on. */
export async function setCredentialVersion(
  endpoint: RuntimeEndpoint,
  token: string,
  credentialVersion: number,
  signal?: AbortSignal,
): Promise<void> {
  const response = await call(endpoint, 'PUT', '/admin/credentials', token, {
    body: { credentialVersion },
    ...(signal && { signal }),
  });
  await response.body?.cancel();
}

/**
 * PUT /admin/dashboard-revocations: the runtime refuses the members' dashboard tokens issued at or before each
 * time and closes their live sessions (docs/decisions/013); pushing the same list twice changes nothing.
 */
export async function pushDashboardRevocations(
  endpoint: RuntimeEndpoint,
  token: string,
  revocations: DashboardRevocation[],
  signal?: AbortSignal,
): Promise<{ applied: number; disconnected: number }> {
  const response = await call(endpoint, 'PUT', '/admin/dashboard-revocations', token, {
    body: { revocations },
    ...(signal && { signal }),
  });
  const body = (await response.json().catch(() => ({}))) as {
    applied?: number;
    disconnected?: number;
  };
  return { applied: Number(body.applied ?? 0), disconnected: Number(body.disconnected ?? 0) };
}

/** GET /metrics: the Prometheus text exposition of the runtime. */
export async function getMetricsText(
  endpoint: RuntimeEndpoint,
  token: string,
  signal?: AbortSignal,
): Promise<string> {
  const response = await call(endpoint, 'GET', '/metrics', token, { ...(signal && { signal }) });
  return response.text();
}

/** Who answers on a runtime's port: the service it serves and its pid (the re-attach identity check). */
export interface RuntimeIdentity {
  serviceId: string;
  pid: number | null;
}

/**
 * GET /admin/server with a token for the expected service: only that service's runtime accepts it (the token's
 * audience names the service), and it says which process it is. Null when nothing, or something else, answers.
 */
export async function identifyRuntime(
  endpoint: RuntimeEndpoint,
  token: string,
  signal?: AbortSignal,
): Promise<RuntimeIdentity | null> {
  try {
    const response = await call(endpoint, 'GET', '/admin/server', token, {
      ...(signal && { signal }),
    });
    const body = (await response.json()) as { serviceId?: unknown; pid?: unknown };
    if (typeof body.serviceId !== 'string') return null;
    return { serviceId: body.serviceId, pid: typeof body.pid === 'number' ? body.pid : null };
  } catch {
    return null;
  }
}

/**
 * A topic call of the admin API (docs/decisions/019) made with the member's own dashboard token, so the runtime
 * applies the member's role. Answers the parsed JSON body; the caller checks its shape.
 */
export async function callRuntimeJson(
  endpoint: RuntimeEndpoint,
  method: 'GET' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  options: { body?: unknown; signal?: AbortSignal } = {},
): Promise<unknown> {
  const response = await call(endpoint, method, path, token, options);
  try {
    return await response.json();
  } catch {
    throw new RuntimeCallError(`Runtime ${method} ${path} answered a body that is not JSON`);
  }
}

/**
 * The same, for a large answer passed through as it arrives (the topic tree's 10,000 children): the body is not
 * parsed here. The time limit still covers the whole body.
 */
export async function callRuntimeStream(
  endpoint: RuntimeEndpoint,
  path: string,
  token: string,
  signal?: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  const response = await call(endpoint, 'GET', path, token, {
    stream: true,
    ...(signal && { signal }),
  });
  if (!response.body) throw new RuntimeCallError(`Runtime GET ${path} answered no body`);
  return response.body;
}

/**
 * PUT /admin/principals/{name}: creates or replaces a principal of the service's authentication store (the
 * console's admin user, docs/decisions/020). The password goes in the body only; it is never logged.
 */
export async function putPrincipal(
  endpoint: RuntimeEndpoint,
  token: string,
  principal: { name: string; password: string; roles: string[] },
  signal?: AbortSignal,
): Promise<{ created: boolean }> {
  const response = await call(endpoint, 'PUT', runtimePrincipalUrl(principal.name), token, {
    body: { password: principal.password, roles: principal.roles },
    ...(signal && { signal }),
  });
  await response.body?.cancel();
  return { created: response.status === 201 };
}
