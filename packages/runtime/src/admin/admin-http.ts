import type { IncomingMessage, ServerResponse } from 'node:http';
import type { z } from 'zod';
import { ERROR_CODES } from '@herald/contract/api/errors';
import { findJsonLimitIssues } from '@herald/contract/common/json-limits';

/** HTTP plumbing of the admin API: errors as `{code, message}`, JSON bodies and query strings checked by zod. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, ERROR_CODES.badRequest, message);
export const notFound = (message: string) => new HttpError(404, ERROR_CODES.notFound, message);
const MAX_BODY_BYTES = 1024 * 1024;

export function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

export async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      throw new HttpError(413, ERROR_CODES.payloadTooLarge, 'request body is larger than 1 MiB');
    }
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch (_error) {
    throw badRequest('request body is not valid JSON');
  }
  // Too deep to serialise again, or a number JSON cannot hold (common/json-limits.ts): refused, naming the field.
  const issues = findJsonLimitIssues(body, 'body');
  if (issues.length > 0) {
    throw badRequest(issues.map((issue) => `${issue.path}: ${issue.message}`).join('; '));
  }
  return body;
}

function parseWith<T>(schema: z.ZodType<T>, input: unknown, where: 'body' | 'query'): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => {
      const path = [...issue.path, ...('keys' in issue ? (issue.keys as string[]) : [])];
      return `${where}${path.length > 0 ? '.' : ''}${path.join('.')}: ${issue.message}`;
    });
    throw badRequest(issues.join('; '));
  }
  return parsed.data;
}

export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  return parseWith(schema, body, 'body');
}

/**
 * The query string as an object checked by a contract schema: a repeated parameter keeps its last value, and an
 * empty one counts as absent (`after=` is the first page, `parent=` the root).
 */
export function parseQuery<T>(schema: z.ZodType<T>, url: URL): T {
  const entries = [...url.searchParams].filter(([, value]) => value !== '');
  return parseWith(schema, Object.fromEntries(entries), 'query');
}

export function decodePath(encoded: string): string {
  try {
    return encoded
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch (_error) {
    throw badRequest('path is not valid percent-encoding');
  }
}
