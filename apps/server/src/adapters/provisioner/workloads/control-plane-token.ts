import type { TokenSigner } from '../../../modules/service-api/tokens';

/** A control-plane token for the admin API of a service's runtime. */
export async function signControlPlaneToken(
  tokens: TokenSigner,
  row: { id: string; credentialVersion: number },
): Promise<string> {
  const { token } = await tokens.signServiceToken({
    serviceId: row.id,
    subject: 'control-plane',
    scope: 'read write',
    credentialVersion: row.credentialVersion,
    ttlSeconds: 300,
  });
  return token;
}
