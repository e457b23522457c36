import {
  Agent as HttpAgent,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
} from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { AllowedHost } from '@herald/contract/rest-adapters/allowed-hosts';
import { maskedUrl } from './request-plan';
import { defaultPort, safeTarget, resolveAll, type Resolve } from './safe-target';

/**
 * One GET as the adapter makes it (docs/decisions/051), with node:http/https: every hop through safe-target.ts
 * (checked address, pinned with a lookup that answers only it, kept-alive sockets pooled per host and address), redirects followed here (at most 5, each hop
 * checked the same way; the Authorization header dropped when the origin changes), one deadline for the whole
 * exchange, the body streamed and cut at the limit (never more than the limit buffered). Failures in words with
 * their cause, the URL masked.
 */
export interface GetOptions {
  url: string;
  headers: Record<string, string>;
  allowedHosts: readonly AllowedHost[];
  timeoutMs: number;
  maxBytes: number;
  resolve?: Resolve;
}

export type GetResult =
  | { ok: true; status: number; statusText: string; headers: IncomingHttpHeaders; body: Buffer }
  | { ok: false; status: number | null; error: string };

export const MAX_REDIRECTS = 5;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EAI_AGAIN: 'name resolution failed for now',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another name',
  HPE_INVALID_CONSTANT: 'it answered something that is not HTTP',
};

/** A network error in words: "connection refused (ECONNREFUSED)". */
export function causeOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code && CAUSES[code]) return `${CAUSES[code]} (${code})`;
  return code ? `${(error as Error).message} (${code})` : String((error as Error).message ?? error);
}

class Cut extends Error {}

function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

/**
 * Kept-alive connections, one pool per host AND checked address: a pooled socket only ever goes to an address that
 * passed the checks for that host, so reuse cannot bypass them, and a poll skips the TCP (and TLS) handshake.
 */
const agents = new Map<string, HttpAgent>();
function agentFor(url: URL, address: string): HttpAgent {
  const key = `${url.protocol}//${url.host}|${address}`;
  let agent = agents.get(key);
  if (agent === undefined) {
    const options = {
      keepAlive: true,
      keepAliveMsecs: 30_000,
      maxFreeSockets: 16,
      scheduling: 'lifo' as const,
    };
    agent = url.protocol === 'https:' ? new HttpsAgent(options) : new HttpAgent(options);
    agents.set(key, agent);
  }
  return agent;
}

function once(
  target: { url: URL; address: string; family: 4 | 6 },
  headers: Record<string, string>,
  signal: AbortSignal,
  retried = false,
): Promise<IncomingMessage> {
  const request = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      target.url,
      {
        method: 'GET',
        headers,
        lookup: pinnedLookup(target.address, target.family),
        signal,
        agent: agentFor(target.url, target.address),
        port: defaultPort(target.url),
      },
      resolve,
    );
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      // A kept-alive socket the server closed as we reused it: once more on a new one (a GET may be repeated).
      if (outgoing.reusedSocket && error.code === 'ECONNRESET' && !retried && !signal.aborted) {
        once(target, headers, signal, true).then(resolve, reject);
      } else {
        reject(error);
      }
    });
    outgoing.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new Cut(`its body of ${declared} bytes is over the limit of ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw new Cut(`its body is over the limit of ${maxBytes} bytes: cut`);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

export async function httpGet(options: GetOptions): Promise<GetResult> {
  const deadline = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(options.url);
  const origin = url.origin;
  let headers = { ...options.headers };
  const failed = (status: number | null, why: string): GetResult => ({
    ok: false,
    status,
    error: `GET ${maskedUrl(url.toString())} failed: ${why}`,
  });
  for (let hop = 0; ; hop += 1) {
    const target = await safeTarget(url, options.allowedHosts, options.resolve ?? resolveAll);
    if (!target.ok) return failed(null, target.error);
    let response: IncomingMessage;
    try {
      response = await once(target, headers, deadline);
    } catch (error) {
      if (deadline.aborted)
        return failed(null, `no answer within ${options.timeoutMs / 1_000} s (timeout)`);
      return failed(null, causeOf(error));
    }
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.resume();
      if (hop >= MAX_REDIRECTS) return failed(status, `more than ${MAX_REDIRECTS} redirects`);
      try {
        url = new URL(location, url);
      } catch {
        return failed(status, 'it redirects to something that is not a URL');
      }
      // As browsers do: credentials go to the origin they were given for, never to where it redirects.
      if (url.origin !== origin) {
        const { authorization: _dropped, ...rest } = headers;
        headers = rest;
      }
      continue;
    }
    try {
      const body = await readBody(response, options.maxBytes);
      return {
        ok: true,
        status,
        statusText: response.statusMessage ?? '',
        headers: response.headers,
        body,
      };
    } catch (error) {
      if (error instanceof Cut) return failed(status, error.message);
      if (deadline.aborted)
        return failed(
          status,
          `the body did not arrive within ${options.timeoutMs / 1_000} s (timeout)`,
        );
      return failed(status, causeOf(error));
    }
  }
}
