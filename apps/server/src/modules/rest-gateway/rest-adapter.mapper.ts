import type {
  RestAdapterProcessConfig,
  RestProcessApi,
} from '@herald/contract/rest-adapters/rest-adapter-process';
import { restProcessAuthentication } from '@herald/contract/rest-adapters/rest-adapter-rules';
import type { StoredRestAuthentication } from '@herald/contract/rest-adapters/rest-adapter-rules';
import type {
  RestAdapterService,
  RestApi,
  RestEndpoint,
} from '@herald/contract/rest-adapters/rest-api.schema';
import type { SecretBox } from '../service-api/client-secret';
import type {
  RestAdapterRow,
  RestApiRow,
  RestApiTree,
  RestEndpointRow,
} from './rest-adapter.repository';

export function toRestEndpoint(row: RestEndpointRow): RestEndpoint {
  return {
    id: row.id,
    path: row.path,
    topicPath: row.topicPath,
    pollIntervalMs: row.pollIntervalMs,
    valuePointer: row.valuePointer,
  };
}

/** An API as the calls answer it: the authentication's type and username, never its secret. */
export function toRestApi({ api, endpoints }: RestApiTree): RestApi {
  return {
    id: api.id,
    label: api.label,
    headers: api.headers,
    baseUrl: api.baseUrl,
    baseTopicPath: api.baseTopicPath,
    authentication: {
      type: api.authenticationType,
      ...(api.authenticationUsername !== null && { username: api.authenticationUsername }),
    },
    queryParameters: api.queryParameters,
    endpoints: endpoints.map(toRestEndpoint),
  };
}

export function toRestAdapterService(row: RestAdapterRow): RestAdapterService {
  return { adapterId: row.id, type: 'rest-gateway', version: row.version, active: row.active };
}

/** A stored API's authentication with its secret unsealed: for the merge on update, the process and the preview. */
export function storedAuthentication(api: RestApiRow, box: SecretBox): StoredRestAuthentication {
  return {
    type: api.authenticationType,
    username: api.authenticationUsername,
    secret: api.secretEncrypted === null ? null : box.decrypt(api.secretEncrypted),
  };
}

/** The authentication's columns, its secret sealed. */
export function authenticationColumns(
  authentication: StoredRestAuthentication,
  box: SecretBox,
): Pick<RestApiRow, 'authenticationType' | 'authenticationUsername' | 'secretEncrypted'> {
  return {
    authenticationType: authentication.type,
    authenticationUsername: authentication.username,
    secretEncrypted: authentication.secret === null ? null : box.encrypt(authentication.secret),
  };
}

/** An API as its process sees it: the secret in clear (only there, docs/decisions/052). */
export function toProcessApi(api: RestApiRow, box: SecretBox): Omit<RestProcessApi, 'endpoints'> {
  return {
    id: api.id,
    label: api.label,
    headers: api.headers,
    baseUrl: api.baseUrl,
    baseTopicPath: api.baseTopicPath,
    authentication: restProcessAuthentication(storedAuthentication(api, box)),
    queryParameters: api.queryParameters,
  };
}

/** HERALD_REST_ADAPTER_CONFIG from the rows. */
export function toRestProcessConfig(
  adapterId: string,
  trees: readonly RestApiTree[],
  box: SecretBox,
): RestAdapterProcessConfig {
  return {
    adapterId,
    apis: trees.map((tree) => ({
      ...toProcessApi(tree.api, box),
      endpoints: tree.endpoints.map(toRestEndpoint),
    })),
  };
}
