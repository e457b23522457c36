import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { CARD_FORM_MESSAGES, NOT_A_TEST_CARD_MESSAGE } from '@herald/contract/billing/test-cards';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtinPayMethod, builtinPaySession, paymentMethod } from '../../../db/schema';
import { startCardCheckout, submitCardForm } from '../../../testing/test-payments';
import { stubProvisioner } from '../../../testing/test-services';
import { callAs, createTestTeam } from '../../../testing/test-workspaces';
import { useTestApp } from '../../../testing/use-test-app';

const HOUR = 60 * 60 * 1000;

describe('the built-in checkout card page', () => {
  let app: FastifyInstance;
  let team: Awaited<ReturnType<typeof createTestTeam>>;
  let offsetMs = 0;
  useTestApp((ready) => ({ app } = ready), { clock: () => new Date(Date.now() + offsetMs) });

  beforeAll(async () => {
    stubProvisioner(app);
    team = await createTestTeam(app, 'Card page');
  });

  const cardOnFile = async () => {
    const response = await callAs(
      app,
      team.owner,
      'GET',
      buildPath(routes.getPaymentMethod.path, { workspaceId: team.workspaceId }),
    );
    return response.json() as { brand?: string; last4?: string } | null;
  };

  it('renders a labelled form posting to itself, with a cancel link, no script, under the CSP', async () => {
    const { payPath } = await startCardCheckout(app, team.owner, team.workspaceId);
    expect(payPath).toMatch(/^\/pay\/cs_test_[0-9A-Za-z]{48}$/);
    const page = await app.inject({ method: 'GET', url: payPath });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const html = page.body;
    expect(html).toContain(`<form method="post" action="${payPath}"`);
    for (const [id, label] of [
      ['card-name', 'Cardholder name'],
      ['card-number', 'Card number'],
      ['card-expiry', 'Expiry (MM/YY)'],
      ['card-cvc', 'CVC'],
    ]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain(
      '<a class="cancel" href="http://localhost:3000/checkout/failure">Cancel and return</a>',
    );
    expect(html).toContain('prefers-color-scheme: dark');
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(html).not.toMatch(/<script/i);
  });

  it('answers an unknown or malformed session id with the same 404 page', async () => {
    for (const url of ['/pay/cs_test_' + 'A'.repeat(48), '/pay/nope', '/pay/%27%3E']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This checkout link is not valid.');
    }
  });

  it('keeps the number and the CVC typed when only the expiry is wrong (issue 25 item 24)', async () => {
    const { payPath } = await startCardCheckout(app, team.owner, team.workspaceId);
    const response = await submitCardForm(app, payPath, {
      name: 'Ada Lovelace',
      number: '4242 4242 4242 4242',
      expiry: '01/20',
      cvc: '123',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(escapeText(CARD_FORM_MESSAGES.expiryPast));
    expect(response.body).toMatch(/id="card-number"[^>]*value="4242 4242 4242 4242"/);
    expect(response.body).toMatch(/id="card-cvc"[^>]*value="123"/);
    expect(response.body).toMatch(/id="card-expiry"[^>]*value="01\/20" aria-invalid="true"/);
    expect(response.body).toMatch(/id="card-name"[^>]*value="Ada Lovelace"/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('shows a clear message per invalid field, giving back what was typed, escaped', async () => {
    const { payPath } = await startCardCheckout(app, team.owner, team.workspaceId);
    const response = await submitCardForm(app, payPath, {
      name: '<b>Ada</b>',
      number: '4242 4242 4242 4241',
      expiry: '01/20',
      cvc: '"><i>',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain(CARD_FORM_MESSAGES.numberInvalid);
    expect(response.body).toContain(escapeText(CARD_FORM_MESSAGES.expiryPast));
    expect(response.body).toContain(escapeText(CARD_FORM_MESSAGES.cvcFormat));
    expect(response.body).toContain('aria-invalid="true" aria-describedby="card-number-error"');
    expect(response.body).toContain('value="&lt;b&gt;Ada&lt;/b&gt;"');
    expect(response.body).not.toContain('<b>Ada</b>');
    expect(response.body).toMatch(/id="card-number"[^>]*value="4242 4242 4242 4241"/);
    expect(response.body).toMatch(/id="card-cvc"[^>]*value="&quot;&gt;&lt;i&gt;"/);
    expect(response.body).not.toContain('"><i>');
    const empty = await submitCardForm(app, payPath, { name: '', number: '', expiry: '', cvc: '' });
    expect(empty.statusCode).toBe(400);
    for (const message of [
      CARD_FORM_MESSAGES.nameRequired,
      CARD_FORM_MESSAGES.numberRequired,
      CARD_FORM_MESSAGES.expiryRequired,
      CARD_FORM_MESSAGES.cvcRequired,
    ]) {
      expect(empty.body).toContain(escapeText(message));
    }
  });

  it('declines 4000 0000 0000 0002 on the page and stores nothing', async () => {
    const { payPath, sessionId } = await startCardCheckout(app, team.owner, team.workspaceId);
    const response = await submitCardForm(app, payPath, { number: '4000 0000 0000 0002' });
    expect(response.statusCode).toBe(402);
    expect(response.body).toContain(
      '<div class="alert" role="alert">Your card was declined.</div>',
    );
    expect(response.body).toMatch(/id="card-number"[^>]*value=""/);
    expect(response.body).toMatch(/id="card-cvc"[^>]*value=""/);
    const [session] = await app.db
      .select()
      .from(builtinPaySession)
      .where(eq(builtinPaySession.id, sessionId));
    expect(session).toMatchObject({ status: 'open', paymentMethodId: null });
    expect(await cardOnFile()).toBeNull();
  });

  it('declines a number that is not a test card', async () => {
    const { payPath } = await startCardCheckout(app, team.owner, team.workspaceId);
    const response = await submitCardForm(app, payPath, { number: '4111 1111 1111 1111' });
    expect(response.statusCode).toBe(402);
    expect(response.body).toContain(escapeText(NOT_A_TEST_CARD_MESSAGE));
  });

  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['4000 0000 0000 0341', 'visa', '0341'],
  ])(
    'stores %s as %s …%s, then redirects to the success URL with the session id',
    async (number, brand, last4) => {
      const { payPath, sessionId } = await startCardCheckout(app, team.owner, team.workspaceId);
      const response = await submitCardForm(app, payPath, { number, expiry: '04 / 2031' });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(
        `http://localhost:3000/checkout/success?session_id=${sessionId}`,
      );
      expect(await cardOnFile()).toEqual({ brand, last4, exp_month: 4, exp_year: 2031 });
      const stored = await app.db.select().from(builtinPayMethod);
      for (const row of stored) expect(JSON.stringify(row)).not.toMatch(/\d{12,}/);
      // The page of a completed session shows no form and no digits.
      const again = await app.inject({ method: 'GET', url: payPath });
      expect(again.body).toContain('Your card is saved');
      expect(again.body).not.toContain('<form');
      const resubmit = await submitCardForm(app, payPath, { number: '4242424242424242' });
      expect(resubmit.statusCode).toBe(409);
    },
  );

  it('refuses a card form posted from another site', async () => {
    const { payPath } = await startCardCheckout(app, team.owner, team.workspaceId);
    const response = await app.inject({
      method: 'POST',
      url: payPath,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
      payload: 'name=A&number=4242424242424242&expiry=12%2F34&cvc=123',
    });
    expect(response.statusCode).toBe(403);
  });

  it('expires an open session after 24 hours and applies checkout.session.expired', async () => {
    const before = await cardOnFile();
    const { payPath, sessionId } = await startCardCheckout(app, team.owner, team.workspaceId);
    offsetMs = 24 * HOUR + 1000;
    try {
      await app.builtinCheckoutSweep?.();
      const page = await app.inject({ method: 'GET', url: payPath });
      expect(page.body).toContain('This checkout has expired');
      const checkout = await callAs(
        app,
        team.owner,
        'GET',
        buildPath(routes.getCheckoutSession.path, {
          workspaceId: team.workspaceId,
          checkoutSessionId: sessionId,
        }),
      );
      expect(checkout.json()).toMatchObject({ id: sessionId, status: 'expired' });
      const late = await submitCardForm(app, payPath, { number: '4242424242424242' });
      expect(late.statusCode).toBe(409);
      expect(await cardOnFile()).toEqual(before);
    } finally {
      offsetMs = 0;
    }
  });

  it('keeps the card in one row per workspace', async () => {
    const rows = await app.db
      .select()
      .from(paymentMethod)
      .where(eq(paymentMethod.workspaceId, team.workspaceId));
    expect(rows).toHaveLength(1);
  });
});

describe('the built-in checkout card page, logged at the most detailed level', () => {
  let app: FastifyInstance;
  const lines: string[] = [];
  useTestApp((ready) => ({ app } = ready), {
    logger: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }),
  });

  it('writes neither the card number nor the CVC to the log, also when it gives them back', async () => {
    stubProvisioner(app);
    const team = await createTestTeam(app, 'Card log');
    const { payPath } = await startCardCheckout(app, team.owner, team.workspaceId);
    const response = await submitCardForm(app, payPath, {
      number: '4000 0566 5566 5556',
      expiry: '01/20',
      cvc: '9731',
    });
    expect(response.body).toMatch(/id="card-number"[^>]*value="4000 0566 5566 5556"/);
    expect(lines.length).toBeGreaterThan(0);
    const log = lines.join('\n');
    expect(log).not.toMatch(/4000.?0566.?5566.?5556/);
    expect(log).not.toContain('9731');
  });
});

function escapeText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('"', '&quot;');
}
