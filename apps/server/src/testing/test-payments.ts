import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { callAs } from './test-workspaces';
import type { TestMember } from './test-workspaces';

/** A card form as the built-in checkout page posts it. */
export interface TestCardForm {
  name?: string;
  number: string;
  expiry?: string;
  cvc?: string;
}

/** The path of a checkout URL (`http://localhost:3000/pay/cs_test_...` → `/pay/cs_test_...`). */
export function payPathOf(checkoutUrl: string): string {
  return new URL(checkoutUrl).pathname;
}

/** POSTs the built-in checkout's card form, as the browser does (urlencoded, from the page's own origin). */
export function submitCardForm(
  app: FastifyInstance,
  payPath: string,
  form: TestCardForm,
): Promise<LightMyRequestResponse> {
  const body = new URLSearchParams({
    name: form.name ?? 'Ada Lovelace',
    number: form.number,
    expiry: form.expiry ?? '12/34',
    cvc: form.cvc ?? '123',
  }).toString();
  return app.inject({
    method: 'POST',
    url: payPath,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: new URL(app.config.publicUrl).origin,
    },
    payload: body,
  });
}

/** POST update-payment-method as `member`; returns the session id and the page path. */
export async function startCardCheckout(
  app: FastifyInstance,
  member: TestMember,
  workspaceId: string,
): Promise<{ sessionId: string; payPath: string }> {
  const response = await callAs(
    app,
    member,
    'POST',
    buildPath(routes.updatePaymentMethod.path, { workspaceId }),
  );
  if (response.statusCode !== 200) {
    throw new Error(`update-payment-method failed: ${response.statusCode} ${response.body}`);
  }
  const created = response.json() as { stripeCheckoutSessionId: string; checkoutUrl: string };
  return { sessionId: created.stripeCheckoutSessionId, payPath: payPathOf(created.checkoutUrl) };
}

/** Adds a card to the workspace through the built-in checkout, end to end (page, POST, signed webhook). */
export async function addTestCard(
  app: FastifyInstance,
  member: TestMember,
  workspaceId: string,
  number = '4242424242424242',
): Promise<void> {
  const { payPath } = await startCardCheckout(app, member, workspaceId);
  const response = await submitCardForm(app, payPath, { number });
  if (response.statusCode !== 303) {
    throw new Error(`card checkout failed: ${response.statusCode} ${response.body}`);
  }
}
