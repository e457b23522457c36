import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, workspace } from '../db/schema';
import { freePort } from '../testing/free-port';
import { callAs, createTestTeam } from '../testing/test-workspaces';
import { useTestApp } from '../testing/use-test-app';
import { billingState, seedPeriod, testClock } from '../modules/invoicing/testing/billing-fixtures';
import { OPERATOR_REFUSALS_PER_MINUTE, OPERATOR_RUN_PATH } from './operator-channel';
import { SERVER_NOT_RUNNING_MESSAGE, runOperatorCli } from './operator-client';
import { OPERATOR_TOKEN_FILE, OPERATOR_TOKEN_HEADER } from './operator-token';

const clock = testClock('2026-11-20T12:00:00Z');

describe('the operator channel', () => {
  let app: FastifyInstance;
  let token: string;
  useTestApp(
    (ready) => {
      app = ready.app;
    },
    { clock: clock.now },
  );

  let team: Awaited<ReturnType<typeof createTestTeam>>;
  beforeAll(async () => {
    const file = path.join(app.config.dataDir, OPERATOR_TOKEN_FILE);
    token = fs.readFileSync(file, 'utf8').trim();
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    team = await createTestTeam(app, 'Operated Ltd');
  });

  const run = (
    command: string,
    args: string[] = [],
    options: { token?: string | null; from?: string } = {},
  ) =>
    app.inject({
      method: 'POST',
      url: OPERATOR_RUN_PATH,
      remoteAddress: options.from ?? '127.0.0.1',
      headers: {
        'content-type': 'application/json',
        ...(options.token !== null && { [OPERATOR_TOKEN_HEADER]: options.token ?? token }),
      },
      payload: { command, args },
    });

  const activity = async () =>
    (
      (
        await callAs(
          app,
          team.owner,
          'GET',
          buildPath(routes.listAuditLog.path, { workspaceId: team.workspaceId }),
        )
      ).json() as {
        entries: {
          action: string;
          target: string | null;
          actor: { customerid: string | null; email: string | null };
          details: Record<string, unknown>;
        }[];
      }
    ).entries;

  it('answers everyone without the token, or not on this machine, as an unknown path', async () => {
    const unknownPath = await app.inject({
      method: 'POST',
      url: '/_operator/nothing',
      remoteAddress: '127.0.0.1',
      headers: { 'content-type': 'application/json' },
      payload: {},
    });
    const strip = (body: string) => ({
      ...(JSON.parse(body) as Record<string, unknown>),
      message: undefined,
      requestId: undefined,
    });
    for (const response of [
      await run('workspaces', [], { token: null }),
      await run('workspaces', [], { token: 'wrong-token-wrong-token-wrong-token-wrong' }),
      await run('workspaces', [], { from: '203.0.113.7' }),
      await run('workspaces', [], { from: '::ffff:10.0.0.8' }),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(strip(response.body)).toEqual(strip(unknownPath.body));
    }
    const documented = await app.inject({ method: 'GET', url: '/v3/openapi.json' });
    expect(documented.statusCode).toBe(200);
    expect(documented.body).toContain('/v3/workspace/{workspaceId}/billing/invoice/summary');
    expect(documented.body).not.toContain('_operator');
  });

  it('lists organisations with their flags and credit', async () => {
    const response = await run('workspaces');
    expect(response.statusCode).toBe(200);
    const { code, lines } = response.json() as { code: number; lines: string[] };
    expect(code).toBe(0);
    expect(lines[0]).toMatch(/^ID\s+NAME\s+FLAGS\s+CREDIT$/);
    expect(lines.find((line) => line.startsWith(team.workspaceId))).toMatch(
      /Operated Ltd\s+-\s+0\.00 USD$/,
    );
  });

  it('exempts an organisation and marks it manually billed, each in the audit trail as the operator', async () => {
    expect((await run('exempt', [team.workspaceId, 'on'])).json()).toEqual({
      code: 0,
      lines: [`Operated Ltd (${team.workspaceId}) is exempt from adding a payment method.`],
    });
    expect((await run('manual-billing', [team.workspaceId, 'on'])).json()).toMatchObject({
      code: 0,
    });
    expect((await run('manual-billing', [team.workspaceId, 'on'])).json()).toMatchObject({
      code: 0,
      lines: [expect.stringContaining('nothing changed')],
    });
    const [row] = await app.db.select().from(workspace).where(eq(workspace.id, team.workspaceId));
    expect(row).toMatchObject({ paymentMethodExempted: true, manuallyBilled: true });
    const account = await callAs(
      app,
      team.admin,
      'GET',
      buildPath(routes.getBillingAccount.path, { workspaceId: team.workspaceId }),
    );
    expect(account.json()).toMatchObject({ paymentMethodExempted: true, manuallyBilled: true });
    expect((await run('exempt', [team.workspaceId, 'off'])).json()).toMatchObject({ code: 0 });
    const entries = await activity();
    const operatorEntries = entries.filter((entry) => entry.action.startsWith('billing.'));
    expect(operatorEntries.map((entry) => [entry.action, entry.details.on])).toEqual([
      ['billing.payment_exemption_changed', false],
      ['billing.manual_billing_changed', true],
      ['billing.payment_exemption_changed', true],
    ]);
    expect(
      operatorEntries.every(
        (entry) => entry.actor.email === 'operator' && entry.actor.customerid === null,
      ),
    ).toBe(true);
  });

  it('grants credit into the balance, the ledger and the audit trail', async () => {
    const response = await run('grant-credit', [
      team.workspaceId,
      '2500',
      'outage',
      'on',
      '3',
      'Nov',
    ]);
    expect(response.json()).toEqual({
      code: 0,
      lines: [
        `Granted 25.00 USD to Operated Ltd (${team.workspaceId}); its credit is now 25.00 USD.`,
      ],
    });
    const credit = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getWorkspaceCredit.path, { workspaceId: team.workspaceId }),
    );
    expect(credit.json()).toEqual({ amount: 2500, currency: 'USD' });
    const ledger = await app.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.workspaceId, team.workspaceId));
    expect(ledger).toEqual([
      expect.objectContaining({
        kind: 'grant',
        amountCents: 2500,
        reason: 'outage on 3 Nov',
        actor: 'operator',
        balanceAfterCents: 2500,
      }),
    ]);
    expect((await activity())[0]).toMatchObject({
      action: 'billing.credit_granted',
      actor: { customerid: null, email: 'operator' },
      details: { amount: 2500, currency: 'USD', reason: 'outage on 3 Nov' },
    });
  });

  it('refuses bad arguments with code 2 and unknown organisations with code 1', async () => {
    for (const [command, args] of [
      ['grant-credit', [team.workspaceId, '-5']],
      ['grant-credit', [team.workspaceId, '12.5']],
      ['exempt', [team.workspaceId, 'maybe']],
      ['invoice-run', ['2026-13']],
      ['workspaces', ['extra']],
    ] as const) {
      expect((await run(command, [...args])).json(), command).toMatchObject({ code: 2 });
    }
    expect((await run('exempt', ['nope', 'on'])).json()).toEqual({
      code: 1,
      lines: ['No organisation nope.'],
    });
    const unknown = (await run('frobnicate')).json() as { code: number; lines: string[] };
    expect(unknown.code).toBe(2);
    expect(unknown.lines.join('\n')).toContain(
      'grant-credit <workspaceId> <amount in cents> [reason…]',
    );
  });

  it('runs the invoicing run for an ended month, and refuses one that has not ended', async () => {
    expect((await run('invoice-run', ['2026-11'])).json()).toEqual({
      code: 1,
      lines: ['2026-11 has not ended yet: only ended months are invoiced.'],
    });
    const done = (await run('invoice-run', ['2026-10'])).json() as {
      code: number;
      lines: string[];
    };
    expect(done.code).toBe(0);
    expect(done.lines[0]).toBe('Invoiced 2026-10: 0 new invoice(s).');
  });

  it('settles an invoice the manually billed organisation paid outside the card, once', async () => {
    await seedPeriod(app, {
      workspaceId: team.workspaceId,
      serviceId: `${team.workspaceId}-svc`,
      serviceName: 'billed',
      billingPlan: 'xsmall',
      nodes: 1,
      from: '2026-09-01T00:00:00Z',
      to: '2026-10-01T00:00:00Z',
    });
    expect((await run('invoice-run', ['2026-09'])).json()).toMatchObject({
      code: 0,
      lines: ['Invoiced 2026-09: 1 new invoice(s).', expect.any(String)],
    });
    const [row] = (await billingState(app, team.workspaceId)).invoices;
    // Manually billed: not charged, 2500 of the granted credit applied.
    expect(row).toMatchObject({ status: 'open', collection: 'operator', amountDueCents: 400 });
    expect((await run('settle-invoice', [row!.id, 'paid'])).json()).toEqual({
      code: 0,
      lines: [`Invoice ${row!.number} (${row!.id}) is now paid.`],
    });
    expect((await run('settle-invoice', [row!.id, 'void'])).json()).toEqual({
      code: 1,
      lines: [`Invoice ${row!.id} is paid, not open: nothing changed.`],
    });
    expect((await billingState(app, team.workspaceId)).invoices[0]?.status).toBe('paid');
    expect((await activity())[0]).toMatchObject({
      action: 'billing.invoice_settled',
      target: row!.number,
      actor: { email: 'operator' },
    });
  });

  it('is reached by `npm run operator` (cli) on a listening server, which says when none is running', async () => {
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: app.config.dataDir };
    const out: string[] = [];
    const err: string[] = [];
    const io = {
      env,
      stdout: (line: string) => void out.push(line),
      stderr: (line: string) => void err.push(line),
    };
    expect(await runOperatorCli(['workspaces'], io)).toBe(0);
    expect(out.find((line) => line.startsWith(team.workspaceId))).toMatch(
      /Operated Ltd\s+manual-billing\s+0\.00 USD/,
    );
    expect(await runOperatorCli(['exempt', team.workspaceId], io)).toBe(2);
    expect(err).toEqual(['usage: exempt <workspaceId> on|off']);

    const idle = await freePort();
    err.length = 0;
    expect(
      await runOperatorCli(['workspaces'], { ...io, env: { ...env, PORT: String(idle) } }),
    ).toBe(1);
    expect(err[0]).toContain(SERVER_NOT_RUNNING_MESSAGE);
  });

  it('keeps answering the holder of the token however many wrong guesses came first (issue 25)', async () => {
    clock.set('2026-11-20T13:00:00Z');
    const guesses = OPERATOR_REFUSALS_PER_MINUTE + 2;
    for (let attempt = 0; attempt < guesses; attempt += 1) {
      expect((await run('workspaces', [], { token: `guess-${attempt}` })).statusCode).toBe(404);
    }
    expect((await run('workspaces')).statusCode).toBe(200);
    expect((await run('workspaces', [], { token: 'guess-after' })).statusCode).toBe(404);
    expect((await run('workspaces')).statusCode).toBe(200);
  });
});
