import fs from 'node:fs';
import { connectionParamsSchema } from '@herald/contract/users/identity.schema';
import { z } from 'zod';
import { StartupError } from '../../lib/startup-error';

/**
 * AUTH_CONNECTIONS_FILE: the operator's social and single sign-on connections, each an OpenID Connect provider
 * (discovery from `issuer`, authorization code + PKCE, verified id_token). Validated at start; a bad file stops the
 * server with a message naming the problem.
 */
const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'must be a domain name such as example.com',
  );

export const authConnectionSchema = z.strictObject({
  name: connectionParamsSchema.shape.connection.refine(
    (name) => name !== 'password' && name !== 'credential',
    "'password' and 'credential' are reserved",
  ),
  displayName: z.string().trim().min(1, 'must not be empty').max(100),
  kind: z.enum(['social', 'sso']),
  issuer: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of an OpenID Connect issuer' })
    .transform((value) => value.replace(/\/+$/, '')),
  clientId: z.string().min(1, 'must not be empty'),
  clientSecret: z.string().min(1, 'must not be empty'),
  /** E-mail domains whose users this connection signs in (POST /v3/auth/sso/lookup). */
  domains: z.array(domainSchema).optional(),
  /** Extra scopes; `openid email profile` are always asked for. */
  scopes: z
    .array(z.string().regex(/^[\x21\x23-\x5b\x5d-\x7e]+$/, 'must be a scope token'))
    .optional(),
});
export type AuthConnection = z.infer<typeof authConnectionSchema>;

export const authConnectionsSchema = z.array(authConnectionSchema).superRefine((list, ctx) => {
  const names = new Set<string>();
  const domains = new Map<string, string>();
  list.forEach((connection, index) => {
    if (names.has(connection.name)) {
      ctx.addIssue({
        code: 'custom',
        path: [index, 'name'],
        message: `duplicates connection '${connection.name}'`,
      });
    }
    names.add(connection.name);
    for (const domain of connection.domains ?? []) {
      const owner = domains.get(domain);
      if (owner !== undefined && owner !== connection.name) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'domains'],
          message: `domain ${domain} is already claimed by connection '${owner}'`,
        });
      }
      domains.set(domain, connection.name);
    }
  });
});

export class ConnectionsFileError extends StartupError {
  override name = 'ConnectionsFileError';
}

/** Reads and validates the file; undefined path → no connections. Never echoes a client secret. */
export function loadAuthConnections(file: string | undefined): AuthConnection[] {
  if (file === undefined) return [];
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConnectionsFileError(
      `AUTH_CONNECTIONS_FILE ${file} cannot be read: ${(error as Error).message}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConnectionsFileError(
      `AUTH_CONNECTIONS_FILE ${file} is not valid JSON: ${(error as Error).message}`,
    );
  }
  const result = authConnectionsSchema.safeParse(json);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : '(the file)';
      return `${where} ${issue.message}`;
    });
    throw new ConnectionsFileError(
      `AUTH_CONNECTIONS_FILE ${file} is invalid: ${problems.join('; ')}. ` +
        'Expected a JSON array of { name, displayName, kind: "social" | "sso", issuer, clientId, clientSecret, domains?, scopes? }.',
    );
  }
  return result.data;
}
