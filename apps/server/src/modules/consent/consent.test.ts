import { routes } from '@herald/contract/api/routes';
import { consentSchema } from '@herald/contract/users/consent.schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { analyticsEvent, userConsent } from '../../db/schema';

import { callAs } from '../../testing/test-workspaces';
import { useTestApp } from '../../testing/use-test-app';
import { signUp } from '../../testing/test-users';
import type { SignedUpUser } from '../../testing/test-users';

describe('/v3/user/consent and /v3/track/events', () => {
  let app: FastifyInstance;
  useTestApp((ready) => ({ app } = ready));

  function call(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    who: SignedUpUser | undefined,
    payload?: unknown,
  ) {
    return callAs(app, who, method, url, payload);
  }

  const consentPath = routes.getConsent.path;
  const trackPath = routes.trackEvent.path;

  function eventsOf(user: SignedUpUser) {
    return app.db
      .select()
      .from(analyticsEvent)
      .where(eq(analyticsEvent.customerId, user.user.customerid));
  }

  it('answers no consent until the user gives it', async () => {
    const user = await signUp(app);
    const response = await call('GET', consentPath, user);
    expect(response.statusCode).toBe(200);
    expect(consentSchema.strict().parse(response.json())).toEqual({
      analytics: false,
      updatedAt: null,
    });
  });

  it('saves the choice and answers it on later reads; a second PUT replaces it', async () => {
    const user = await signUp(app);
    const saved = await call('PUT', consentPath, user, { analytics: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ analytics: true, updatedAt: expect.any(String) });
    expect((await call('GET', consentPath, user)).json()).toEqual(saved.json());

    const withdrawn = await call('PUT', consentPath, user, { analytics: false });
    expect(withdrawn.json()).toMatchObject({ analytics: false });
    expect((await call('GET', consentPath, user)).json()).toMatchObject({ analytics: false });
  });

  it("keeps one user's choice away from another user", async () => {
    const ada = await signUp(app);
    const grace = await signUp(app, { firstName: 'Grace' });
    await call('PUT', consentPath, ada, { analytics: true });
    expect((await call('GET', consentPath, grace)).json()).toEqual({
      analytics: false,
      updatedAt: null,
    });
  });

  it('requires a session for the consent routes', async () => {
    expect((await call('GET', consentPath, undefined)).statusCode).toBe(401);
    expect((await call('PUT', consentPath, undefined, { analytics: true })).statusCode).toBe(401);
  });

  it('refuses a malformed choice or event with 400', async () => {
    const user = await signUp(app);
    expect((await call('PUT', consentPath, user, { analytics: 'yes' })).statusCode).toBe(400);
    expect((await call('PUT', consentPath, user, { analytics: true, extra: 1 })).statusCode).toBe(
      400,
    );
    for (const body of [
      {},
      { name: '' },
      { name: 'Upper.Case' },
      { name: 'x'.repeat(101) },
      { name: 'ok', extra: true },
      { name: 'ok', properties: { nested: { a: 1 } } },
      {
        name: 'ok',
        properties: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])),
      },
    ]) {
      const response = await call('POST', trackPath, user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('records an event only for a signed-in user who consented', async () => {
    const user = await signUp(app);
    const before = await call('POST', trackPath, user, { name: 'page.view' });
    expect(before.statusCode).toBe(202);
    expect(before.json()).toEqual({ recorded: false });
    expect(await eventsOf(user)).toEqual([]);

    await call('PUT', consentPath, user, { analytics: true });
    const after = await call('POST', trackPath, user, {
      name: 'page.view',
      properties: { path: '/services', count: 2, first: true },
    });
    expect(after.statusCode).toBe(202);
    expect(after.json()).toEqual({ recorded: true });
    const events = await eventsOf(user);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: 'page.view',
      properties: { path: '/services', count: 2, first: true },
    });

    await call('PUT', consentPath, user, { analytics: false });
    expect((await call('POST', trackPath, user, { name: 'page.view' })).json()).toEqual({
      recorded: false,
    });
    expect(await eventsOf(user)).toHaveLength(1);
  });

  it('never records an anonymous visitor', async () => {
    const countBefore = (await app.db.select().from(analyticsEvent)).length;
    const response = await call('POST', trackPath, undefined, { name: 'landing.view' });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ recorded: false });
    expect((await app.db.select().from(analyticsEvent)).length).toBe(countBefore);
  });

  it("removes the user's consent and events with the account", async () => {
    const user = await signUp(app);
    await call('PUT', consentPath, user, { analytics: true });
    await call('POST', trackPath, user, { name: 'page.view' });
    expect(await eventsOf(user)).toHaveLength(1);

    expect((await call('DELETE', routes.deleteUser.path, user)).statusCode).toBe(204);
    expect(await eventsOf(user)).toEqual([]);
    expect(
      await app.db
        .select()
        .from(userConsent)
        .where(eq(userConsent.customerId, user.user.customerid)),
    ).toEqual([]);
  });
});
