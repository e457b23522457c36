import { buildPath } from '@herald/contract/api/define-route';
import { routes } from '@herald/contract/api/routes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { service, workspace } from '../db/schema';
import { insertCheckout } from '../modules/payments/payments.repository';
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

/**
 * Makes a test service a paid one (Small, one node) in an exempted workspace, so a plan change passes its rules and
 * its payment without a card (the authorization matrix reaches the handler's success this way).
 */
export async function makePaidExemptService(
  app: FastifyInstance,
  workspaceId: string,
  serviceId: string,
): Promise<void> {
  await app.db
    .update(service)
    .set({ billingPlan: 'small', provisioningPlan: 'small', noOfNodes: 1, freeTrial: false })
    .where(eq(service.id, serviceId));
  await app.db
    .update(workspace)
    .set({ paymentMethodExempted: true })
    .where(eq(workspace.id, workspaceId));
}

/** An open checkout row of the workspace (no provider session), for routes that read one. */
export async function insertTestCheckout(
  app: FastifyInstance,
  workspaceId: string,
  createdBy: string,
): Promise<string> {
  const row = await insertCheckout(app.db, {
    workspaceId,
    purpose: 'update-payment-method',
    provider: app.payments.kind,
    customerId: 'cus_test',
    request: { purpose: 'update-payment-method' },
    serviceId: null,
    createdBy,
    createdByEmail: null,
    ipAddress: null,
    now: app.clock(),
  });
  return row.id;
}
