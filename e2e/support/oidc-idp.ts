/**
 * A real OpenID Connect provider (panva's oidc-provider) on a fixed loopback port for the
 * single sign-on journeys; the control plane is configured with it through
 * AUTH_CONNECTIONS_FILE (see e2e/fixtures/sso.ts). Started by playwright.config.ts.
 */
import { startOidcProvider } from '../../apps/server/src/testing/oidc-provider';
import { SSO } from '../fixtures/sso';

const provider = await startOidcProvider({
  port: SSO.idpPort,
  redirectUris: [`${SSO.appBaseUrl}/v3/auth/callback/${SSO.connectionName}`],
  accounts: SSO.accounts,
});

const shutdown = () => void provider.stop().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
