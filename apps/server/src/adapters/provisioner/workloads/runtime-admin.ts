import type { TokenSigner } from '../../../modules/service-api/tokens';
import type { RuntimeAdmin } from '../reconcile/loop-context';
import { resetTopics, setCredentialVersion } from '../runtime-client';
import { signControlPlaneToken } from './control-plane-token';

/** The loop's calls to a live runtime's admin API, each with a control-plane token of its service. */
export function createRuntimeAdmin(tokens: TokenSigner): RuntimeAdmin {
  return {
    async resetTopics(row, endpoint) {
      const { removed } = await resetTopics(endpoint, await signControlPlaneToken(tokens, row));
      return removed;
    },
    async setCredentialVersion(row, endpoint) {
      const token = await signControlPlaneToken(tokens, row);
      await setCredentialVersion(endpoint, token, row.credentialVersion);
    },
  };
}
