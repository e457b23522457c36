import { routes } from '@herald/contract/api/routes';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { OUTBOX_TOKEN_HEADER } from './dev-mail/outbox-access';
import { resolveOutboxToken } from './dev-mail/outbox-token';
import { DEV_MAIL_LATEST_PATH, DEV_MAIL_PATH } from './dev-mail/routes';
import { insertTestService, stubProvisioner } from '../testing/test-services';
import { uniqueAddress, uniqueEmail } from '../testing/test-users';
import { callAs, createTestTeam } from '../testing/test-workspaces';
import { useTestApp } from '../testing/use-test-app';
import { OPERATOR_RUN_PATH, operatorRunBodySchema } from '../operator/operator-channel';
import { OPERATOR_TOKEN_HEADER, resolveOperatorToken } from '../operator/operator-token';

/**
 * No input may produce a 5xx (issue 9). Every registered route (the contract's table, the token endpoint, OFREP)
 * and the routes outside it (the outbox, the OpenAPI document) gets generated path parameters, queries and bodies —
 * arbitrary JSON, arbitrary Unicode including NUL and lone surrogates, huge numbers, deep nesting, wrong types and
 * malformed percent-encoding — sent by the Owner of a workspace with a service. Reproduce a failure with
 * FUZZ_SEED=<the printed seed>; FUZZ_RUNS raises the run count for a longer hunt.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 30);

interface FuzzRoute {
  readonly id: string;
  readonly method: string;
  /** The contract's `{param}` form. */
  readonly path: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** A stream never ends: it is only sent parameters its guard refuses (a real id would open it). */
  readonly isStream: boolean;
}

/**
 * Routes that take away what later routes need, fuzzed last and in this order: the ones that end the caller's
 * session at the very end.
 */
const DESTRUCTIVE = [
  'changeMemberRole',
  'removeMember',
  'cancelService',
  'leaveWorkspace',
  'changePassword',
  'deleteUser',
  'logout',
];

/** The property names a schema knows, so generated objects also reach the checks past "unknown key". */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodUnion || schema instanceof z.ZodDiscriminatedUnion) {
    return [...new Set(schema.options.flatMap((option) => keysOf(option as z.ZodType)))];
  }
  if (schema instanceof z.ZodPipe) return keysOf(schema.in as z.ZodType);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    return keysOf(schema.unwrap() as z.ZodType);
  }
  return [];
}

/**
 * encodeURIComponent, except that a lone surrogate (which it refuses) becomes the three bytes a careless client
 * would send for it (%ED%A0%80 for U+D800): exactly the malformed input the server must survive.
 */
function encodeLoose(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[index] as string);
    }
  }
  return out;
}

// ---- arbitraries ---------------------------------------------------------------------------------------------

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uDBFF',
  '\uD83D\uDE80',
  '%',
  '%00',
  '%C0%AE',
  '%ED%A0%80',
  '%E0%A4%A',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'null',
  'true',
  '1e309',
  '-0',
  'x'.repeat(5_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
);

/** Text that a valid value surrounds with a NUL or a lone surrogate: passes length and pattern checks less often. */
const taintedStrings = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    // NUL is the one PostgreSQL refuses outright (a lone surrogate is silently replaced): twice as often.
    fc.constantFrom('\u0000', '\u0000', '\uD800', '\uDC00'),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

const anyString = fc.oneof(
  { weight: 2, arbitrary: fc.string() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 3, arbitrary: nastyStrings },
  { weight: 4, arbitrary: taintedStrings },
);

const anyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 2 ** 64, 1e21, 0.1, -1, 0),
);

const anyJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    anyNumber,
    anyString,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(anyString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** An object with the schema's keys (some left out), each holding any JSON, sometimes with an extra key. */
function shapedObject(keys: string[]): fc.Arbitrary<Record<string, unknown>> {
  const value = fc.oneof(
    { weight: 4, arbitrary: anyString },
    { weight: 1, arbitrary: anyNumber },
    { weight: 1, arbitrary: anyJson },
  );
  const known = fc.record(Object.fromEntries(keys.map((key) => [key, value])), {
    requiredKeys: [],
  });
  // An unknown key is refused before anything else looks at the body: only now and then.
  const extra = fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.tuple(anyString, anyJson) },
  );
  return fc
    .tuple(known, extra)
    .map(([record, more]) => (more ? { ...record, [more[0]]: more[1] } : record));
}

/** Bodies that are not JSON at all, or JSON too deep or too large to be friendly. */
const rawPayloads = fc.constantFrom(
  { contentType: 'application/json', payload: '{"a":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: '"\\u0000"' },
  { contentType: 'application/json', payload: '{"name":"\\ud800"}' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true}}' },
  { contentType: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}` },
  { contentType: 'application/json', payload: `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}` },
  { contentType: 'application/json', payload: '1'.repeat(400) },
  { contentType: 'application/json', payload: '\uFEFF{}' },
  { contentType: 'text/plain', payload: 'hello' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=%E0%A4%A&b=%00&c=%ZZ' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\n\r\n--x--' },
  { contentType: 'application/json; charset=latin1', payload: '{}' },
);

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; payload: string };

function bodyArbitrary(route: FuzzRoute): fc.Arbitrary<Body> {
  const keys = keysOf(route.body);
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<Body>({ kind: 'none' }) },
    { weight: 1, arbitrary: anyJson.map((value): Body => ({ kind: 'json', value })) },
    {
      weight: keys.length > 0 ? 6 : 1,
      arbitrary: shapedObject(keys).map((value): Body => ({ kind: 'json', value })),
    },
    { weight: 1, arbitrary: rawPayloads.map((raw): Body => ({ kind: 'raw', ...raw })) },
  );
}

/** A query string: the schema's keys and others, values encoded, repeated, or raw malformed escapes. */
function queryArbitrary(route: FuzzRoute): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...keysOf(route.query), 'x'), anyString);
  const value = fc.oneof(
    anyString.map(encodeLoose),
    anyNumber.map(String),
    fc.constantFrom('%', '%00', '%C0%AE', '%ED%A0%80', '%E0%A4%A', '%ZZ', '', '1e999'),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${encodeLoose(k)}=${v}`).join('&'));
}

/** A path parameter: a real id (to get past the guards) or anything, encoded or as raw malformed escapes. */
function paramArbitrary(real: string | undefined): fc.Arbitrary<string> {
  const anything = fc.oneof(
    { weight: 3, arbitrary: anyString.filter((s) => s !== '').map(encodeLoose) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('%C0%AE', '%ED%A0%80', '%E0%A4%A', '%', '%00', '%2F', '..'),
    },
  );
  return real === undefined
    ? anything
    : fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, { weight: 2, arbitrary: anything });
}

// ---- the test --------------------------------------------------------------------------------------------------

function isEnvelope(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { code, message, requestId } = body as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && typeof requestId === 'string';
}

function tryJson(response: LightMyRequestResponse): unknown {
  try {
    return response.json();
  } catch {
    return undefined;
  }
}

describe('no input gives a 5xx, on any route', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  /** A real value for each path parameter name, so generated requests also reach the handlers. */
  const realParams: Record<string, string> = {};
  useTestApp((ready) => ({ app } = ready));

  beforeAll(async () => {
    // Services created or restarted by generated requests start no runtime.
    stubProvisioner(app);
    team = await createTestTeam(app, 'Fuzzed');
    const svc = await insertTestService(app, team.workspaceId, { heraldVersion: '6.9' });
    const invite = await callAs(
      app,
      team.owner,
      'POST',
      routes.createInvite.path.replace('{workspaceId}', team.workspaceId),
      {
        email: uniqueEmail('fuzz-invite'),
        role: 'User',
      },
    );
    Object.assign(realParams, {
      workspaceId: team.workspaceId,
      serviceId: svc.row.id,
      serviceName: svc.row.serviceName,
      customerid: team.user.userId,
      inviteId: (invite.json() as { inviteId?: string }).inviteId ?? 'none',
      stageName: 'welcome',
      roleName: 'sensors',
      principalName: 'sensor-7',
      connection: 'none',
    });
    console.info(
      `input fuzz: seed ${SEED}, ${RUNS_PER_ROUTE} runs per route (FUZZ_SEED / FUZZ_RUNS to change)`,
    );
  });

  /** Every registered route, then the ones outside the route registry; destructive ones last. */
  function fuzzRoutes(): FuzzRoute[] {
    const registered: FuzzRoute[] = app.registeredRoutes.map((route) => ({
      id: route.operationId,
      method: route.method,
      path: route.path,
      query: route.definition.query,
      body: route.definition.body,
      isStream: 'stream' in route.definition && route.definition.stream !== undefined,
    }));
    const outside: FuzzRoute[] = [
      { id: 'devMailList', method: 'GET', path: DEV_MAIL_PATH, isStream: false },
      {
        id: 'devMailLatest',
        method: 'GET',
        path: DEV_MAIL_LATEST_PATH,
        query: z.object({ to: z.string() }),
        isStream: false,
      },
      { id: 'openApiDocument', method: 'GET', path: '/v3/openapi.json', isStream: false },
      {
        id: 'operatorRun',
        method: 'POST',
        path: OPERATOR_RUN_PATH,
        body: operatorRunBodySchema,
        isStream: false,
      },
    ];
    const all = [...registered, ...outside];
    return [
      ...all.filter((route) => !DESTRUCTIVE.includes(route.id)),
      ...all
        .filter((route) => DESTRUCTIVE.includes(route.id))
        .sort((a, b) => DESTRUCTIVE.indexOf(a.id) - DESTRUCTIVE.indexOf(b.id)),
    ];
  }

  it('answers every generated request below 500, in the envelope on the API', async () => {
    const tried: string[] = [];
    const statusClasses: Record<string, number> = {};
    for (const [index, route] of fuzzRoutes().entries()) {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
      const params = fc.tuple(
        ...names.map((name) => paramArbitrary(route.isStream ? undefined : realParams[name])),
      );
      await fc.assert(
        fc.asyncProperty(
          params,
          queryArbitrary(route),
          bodyArbitrary(route),
          async (values, query, body) => {
            let url = route.path;
            names.forEach((name, index) => {
              url = url.replace(`{${name}}`, values[index] as string);
            });
            if (query !== '') url = `${url}?${query}`;
            const response = await app.inject({
              method: route.method as 'GET',
              url,
              remoteAddress: route.path.startsWith('/_') ? '127.0.0.1' : uniqueAddress(),
              headers: {
                authorization: `Bearer ${team.owner.token}`,
                // The outbox answers only its operator (docs/decisions/011): as them, the fuzz reaches its handler.
                ...(route.path.startsWith('/_dev/') && {
                  [OUTBOX_TOKEN_HEADER]: resolveOutboxToken(app.config),
                }),
                // The operator channel too (docs/decisions/024).
                ...(route.path === OPERATOR_RUN_PATH && {
                  [OPERATOR_TOKEN_HEADER]: resolveOperatorToken(app.config),
                }),
                ...(body.kind === 'json' && { 'content-type': 'application/json' }),
                ...(body.kind === 'raw' && { 'content-type': body.contentType }),
              },
              ...(body.kind === 'json' && { payload: JSON.stringify(body.value) ?? 'null' }),
              ...(body.kind === 'raw' && { payload: body.payload }),
            });
            const statusClass = `${String(response.statusCode).charAt(0)}xx`;
            statusClasses[statusClass] = (statusClasses[statusClass] ?? 0) + 1;
            const label = `${route.id}: ${route.method} ${url.slice(0, 300)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
            expect(response.statusCode, label).toBeLessThan(500);
            // The /v3 API answers failures in the envelope; the token endpoint in OAuth's format (RFC 6749).
            if (
              response.statusCode >= 400 &&
              url.startsWith('/v3/') &&
              route.id !== 'issueServiceApiToken'
            ) {
              expect(isEnvelope(tryJson(response)), label).toBe(true);
            }
          },
        ),
        // One seed per route (from the printed one): the same seed everywhere would send every route the same shapes.
        { seed: SEED + index, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      tried.push(route.id);
    }
    console.info(`input fuzz: answers by status class ${JSON.stringify(statusClasses)}`);
    // Every route of the table that the server registers was fuzzed (the list above is not a hand-kept one).
    const registeredIds = app.registeredRoutes.map((route) => route.operationId);
    expect(tried).toEqual(
      expect.arrayContaining([...registeredIds, 'devMailLatest', 'operatorRun']),
    );
    expect(registeredIds.length).toBeGreaterThan(40);
  }, 600_000);
});
