import { HIDDEN_PASSWORD_PLACEHOLDER } from '../constants';
import {
  SCHEMA_REGISTRY_CONFIG_KEYS,
  type KafkaCluster,
  type KafkaClusterAuthentication,
} from './kafka-adapter.schema';

/**
 * Section 5's write-only passwords (issue 27 item 6). The API never returns a stored password: it returns the
 * placeholder (section 9: five asterisks separated by spaces) where one is stored. The form sends a cluster
 * password equal to the placeholder as no password at all ("unchanged"), and a schema registry password equal to
 * the placeholder as empty; the server keeps the stored secret in both cases.
 *
 * The schema registry password is the part after the first `:` of `basic.auth.user.info` (`user:password`).
 */
const USER_INFO = SCHEMA_REGISTRY_CONFIG_KEYS.basicAuthUserInfo;

export interface UserInfo {
  user: string;
  password: string;
}

export function parseUserInfo(userInfo: string): UserInfo {
  const colon = userInfo.indexOf(':');
  if (colon === -1) return { user: userInfo, password: '' };
  return { user: userInfo.slice(0, colon), password: userInfo.slice(colon + 1) };
}

function hidePassword(userInfo: string): string {
  const { user, password } = parseUserInfo(userInfo);
  return password === '' ? userInfo : `${user}:${HIDDEN_PASSWORD_PLACEHOLDER}`;
}

/** A stored cluster as the API returns it: every stored password replaced by the placeholder. */
export function redactClusterSecrets(cluster: KafkaCluster): KafkaCluster {
  const { password, ...authentication } = cluster.authentication;
  const userInfo = cluster.configuration[USER_INFO];
  return {
    ...cluster,
    authentication:
      password === undefined || password === ''
        ? authentication
        : { ...authentication, password: HIDDEN_PASSWORD_PLACEHOLDER },
    configuration:
      userInfo === undefined
        ? cluster.configuration
        : { ...cluster.configuration, [USER_INFO]: hidePassword(userInfo) },
  };
}

/** The form's cluster credentials as the request sends them: the placeholder password is left out. */
export function authenticationForRequest(
  authentication: KafkaClusterAuthentication,
): KafkaClusterAuthentication {
  const { password, ...rest } = authentication;
  return password === HIDDEN_PASSWORD_PLACEHOLDER || password === undefined
    ? rest
    : { ...rest, password };
}

/** The form's schema registry credentials as `basic.auth.user.info`: the placeholder password is sent as empty. */
export function schemaRegistryUserInfoForRequest(user: string, password: string): string {
  return `${user}:${password === HIDDEN_PASSWORD_PLACEHOLDER ? '' : password}`;
}

/**
 * The server's merge of a cluster update with what it stores: no password means the stored one; a schema
 * registry user info with an empty password and the stored user means the stored password.
 */
export function mergeClusterSecrets(
  stored: Pick<KafkaCluster, 'authentication' | 'configuration'>,
  update: Pick<KafkaCluster, 'authentication' | 'configuration'>,
): Pick<KafkaCluster, 'authentication' | 'configuration'> {
  const storedPassword = stored.authentication.password;
  const authentication =
    update.authentication.password === undefined && storedPassword !== undefined
      ? { ...update.authentication, password: storedPassword }
      : update.authentication;
  const storedUserInfo = stored.configuration[USER_INFO];
  const updateUserInfo = update.configuration[USER_INFO];
  let configuration = update.configuration;
  if (storedUserInfo !== undefined && updateUserInfo !== undefined) {
    const kept = parseUserInfo(storedUserInfo);
    const sent = parseUserInfo(updateUserInfo);
    if (sent.password === '' && sent.user === kept.user) {
      configuration = { ...update.configuration, [USER_INFO]: storedUserInfo };
    }
  }
  return { authentication, configuration };
}
