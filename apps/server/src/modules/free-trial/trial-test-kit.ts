import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  auditEvent,
  authSession,
  mailOutbox,
  paymentMethod,
  service,
  servicePlanPeriod,
  workspace,
} from '../../db/schema';
import { callAs, createTestTeam } from '../../testing/test-workspaces';
import { uniqueServiceName } from '../../testing/test-services';

/** A clock a test moves (the app reads it for every decision of the trial scheduler). */
export function movableClock(start: Date) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    set(at: number) {
      now = at;
    },
    now: () => now,
  };
}

export type TestTeam = Awaited<ReturnType<typeof createTestTeam>>;

/** A team with a free-trial small service created through the API. */
export async function createTrialTeam(app: FastifyInstance, name = 'Trial team') {
  const team = await createTestTeam(app, name);
  const response = await callAs(app, team.owner, 'POST', '/v3/service/create', {
    workspaceId: team.workspaceId,
    serviceName: uniqueServiceName('trial'),
    region: 'eu-west-1.local',
    billingPlan: 'small',
    freeTrial: true,
  });
  if (response.statusCode !== 201) throw new Error(`trial creation: ${response.body}`);
  const body = response.json() as { serviceId: string; trialEndsAt: number };
  return { team, serviceId: body.serviceId, wire: body };
}

/** Sessions made at the real time expire a day later; a test that moves its clock weeks ahead keeps them valid. */
export async function keepSessionsValid(app: FastifyInstance, until: Date): Promise<void> {
  await app.db.update(authSession).set({ expiresAt: until });
}

/** The subjects of the outbox mail to an address, oldest first. */
export async function subjectsTo(app: FastifyInstance, to: string): Promise<string[]> {
  await app.mailer.idle();
  const rows = await app.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(asc(mailOutbox.id));
  return rows.map((row) => row.subject);
}

export async function serviceRow(app: FastifyInstance, serviceId: string) {
  const [row] = await app.db.select().from(service).where(eq(service.id, serviceId));
  return row;
}

export async function closureReasonOf(app: FastifyInstance, workspaceId: string) {
  const [row] = await app.db
    .select({ closureReason: workspace.closureReason })
    .from(workspace)
    .where(eq(workspace.id, workspaceId));
  return row?.closureReason ?? null;
}

export function planPeriodsOf(app: FastifyInstance, serviceId: string) {
  return app.db
    .select()
    .from(servicePlanPeriod)
    .where(eq(servicePlanPeriod.serviceId, serviceId))
    .orderBy(asc(servicePlanPeriod.startedAt), asc(servicePlanPeriod.id));
}

export async function auditActionsOf(app: FastifyInstance, workspaceId: string) {
  const rows = await app.db
    .select({ action: auditEvent.action, details: auditEvent.details })
    .from(auditEvent)
    .where(and(eq(auditEvent.workspaceId, workspaceId)))
    .orderBy(asc(auditEvent.id));
  return rows;
}

/** A card on file, as the payments area stores one after a completed checkout. */
export async function addCard(
  app: FastifyInstance,
  workspaceId: string,
  expiry: { expMonth: number; expYear: number },
  at: Date,
): Promise<void> {
  await app.db
    .insert(paymentMethod)
    .values({
      workspaceId,
      provider: 'builtin',
      customerId: `cus_${workspaceId}`,
      providerPaymentMethodId: `pm_${workspaceId}`,
      brand: 'visa',
      last4: '4242',
      ...expiry,
      updatedAt: at,
    })
    .onConflictDoUpdate({ target: paymentMethod.workspaceId, set: { ...expiry, updatedAt: at } });
}
