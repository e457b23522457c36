import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SERVICE_TOKEN_SCOPES } from '@herald/contract/services/service-token';
import type { FastifyInstance } from 'fastify';
import type { ServiceRow } from './service.repository';

export interface AdapterProcessCall {
  /** The adapter's files in the service's folder: `{fileStem}.json` is its ready file (the port it listens on). */
  fileStem: string;
  /** The adapter's credential subject, `{kind}:{adapterId}`: the only caller its process answers. */
  subject: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs: number;
}

/**
 * A call to an adapter process's loopback HTTP port (the Kafka adapter's /state, the REST adapter's /state, /poll,
 * /preview): the port from its ready file, the adapter's own credential as bearer (the process verifies it against
 * HERALD_JWKS). Throws when the file cannot be read or the process does not answer in time; the caller decides what
 * that means for the person asking.
 */
export async function callAdapterProcess(
  app: FastifyInstance,
  row: ServiceRow,
  call: AdapterProcessCall,
): Promise<Response> {
  const file = path.join(app.config.dataDir, 'services', row.id, `${call.fileStem}.json`);
  const { httpPort } = JSON.parse(await readFile(file, 'utf8')) as { httpPort: number };
  const { token } = await app.tokens.signServiceToken({
    serviceId: row.id,
    subject: call.subject,
    scope: SERVICE_TOKEN_SCOPES.adapter,
    credentialVersion: row.credentialVersion,
    ttlSeconds: 60,
  });
  return fetch(`http://127.0.0.1:${httpPort}${call.path}`, {
    method: call.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(call.body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(call.body !== undefined && { body: JSON.stringify(call.body) }),
    signal: AbortSignal.timeout(call.timeoutMs),
  });
}
