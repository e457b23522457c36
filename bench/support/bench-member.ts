import { routes } from '@herald/contract/api/routes';
import type { FastifyInstance } from 'fastify';
import {
  callAs,
  createTestMember,
  createTestWorkspace,
} from '../../apps/server/src/testing/test-workspaces';

/**
 * A verified member with a complete profile (so the onboarding gate lets them through to the dashboard) and a
 * workspace "Bench" of their own, for the browser benches.
 */
export async function createOnboardedBenchMember(
  app: FastifyInstance,
): Promise<{ token: string; workspaceId: string }> {
  const member = await createTestMember(app);
  const profile = await callAs(app, member, 'PUT', routes.updateUser.path, {
    company: 'Bench Ltd',
    setupComplete: true,
  });
  if (profile.statusCode !== 200) throw new Error(`profile: ${profile.statusCode} ${profile.body}`);
  const workspaceId = await createTestWorkspace(app, member, 'Bench');
  return { token: member.token, workspaceId };
}
