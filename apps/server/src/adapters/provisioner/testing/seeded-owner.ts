import type { Database } from '../../../db/database';
import { createTokenSigner } from '../../../modules/service-api/tokens';
import { insertProfile } from '../../../modules/user/user.repository';
import { insertMember } from '../../../modules/workspace/workspace.repository';
import { createTestSession } from '../../../testing/test-identity';
import type { ServiceRow } from './test-services';

/**
 * An Owner of the service's workspace with a session (for the HTTP API) and a signed service token (for MQTT),
 * written on a seeded database before a control-plane process opens it.
 */
export async function seedOwnerWithToken(
  db: Database,
  row: ServiceRow,
  options: { userId: string; firstName: string; lastName: string; subject: string },
): Promise<{ session: string; token: string }> {
  const { userId } = options;
  const session = await createTestSession(db, { userId });
  const now = new Date();
  await insertProfile(db, {
    customerId: userId,
    firstName: options.firstName,
    lastName: options.lastName,
    company: null,
    provider: 'password',
    metadata: {},
    emailConsent: null,
    now,
  });
  await insertMember(db, { workspaceId: row.workspaceId, customerId: userId, role: 'Owner', now });
  // The server signs with the key this creates (one key per database): the runtime accepts this token.
  const { token } = await createTokenSigner(db, () => new Date()).signServiceToken({
    serviceId: row.id,
    subject: options.subject,
    scope: 'read write',
    credentialVersion: row.credentialVersion,
  });
  return { session, token };
}
