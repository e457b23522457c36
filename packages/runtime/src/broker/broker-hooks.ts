import type {
  AedesOptions,
  AedesPublishPacket,
  AuthenticateError,
  Client,
  PublishPacket,
  Subscription,
} from 'aedes';
import { verifyPassword } from '../auth/password-hash';
import type { TokenVerifier } from '../auth/token-verifier';
import type { Logger } from '../observability/log';
import { countDelivered, countPublished, type RuntimeCounters } from '../observability/metrics';
import {
  CONNACK,
  classifyCredentials,
  createIdentity,
  currentRights,
  decideAnonymous,
  decideDelivery,
  decidePublish,
  decideSubscription,
  mayTakeOver,
  ownsTopic,
  type ConnackRefusal,
  type SecuritySource,
  type SessionIdentity,
} from '../policy/session-policy';
import { parseUsername, trustedSessionProperties } from '../policy/session-properties';
import { decidePublishRights } from '@herald/contract/security/mqtt-rights';
import type { DurableState } from '../state/durable-state';
import { loginThrottleKeys, type LoginThrottle } from '../policy/login-throttle';
import { CLIENT_ADDRESS_HEADER } from '@herald/contract/services/service-token';
import { topicOwner } from '@herald/contract/topics/topic-properties';
import { checkPayload, inferTopicType } from '@herald/contract/topics/topic-values';

/**
 * The aedes hooks: thin adapters over the pure policy of `policy/session-policy.ts`. Each calls its callback exactly
 * once and never throws (CONVENTIONS section 8).
 */
export interface HookContext {
  state: DurableState;
  logger: Logger;
  counters: RuntimeCounters;
  identities: WeakMap<Client, SessionIdentity>;
  verifyToken: TokenVerifier;
  topicsCapacity: number;
  /** The largest payload a PUBLISH may carry (the packet-size guard stops far larger ones earlier). */
  maxMessageBytes: number;
  /** Counts failed password logins per address and principal (policy/login-throttle.ts). */
  loginThrottle: LoginThrottle;
  /** The identity of the live session holding a client id, if any (client-id takeover is checked against it). */
  liveSession: (clientId: string) => SessionIdentity | undefined;
}

/** Compared against when the principal is unknown, so an unknown name costs the same as a wrong password. */
const UNKNOWN_PRINCIPAL_HASH =
  'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

/**
 * Where a session comes from: the TCP peer, or for MQTT over WebSocket the address the control plane's proxy
 * vouches for (`X-Herald-Client-Address`; the runtime's HTTP port listens on loopback only, so only the proxy or a
 * local process can set it). Null when unknown.
 */
export function clientAddress(client: Client): string | null {
  const forwarded = client.req?.headers[CLIENT_ADDRESS_HEADER];
  if (typeof forwarded === 'string' && forwarded !== '') return forwarded;
  const socket = (client.req?.socket ?? client.conn) as { remoteAddress?: string } | undefined;
  return socket?.remoteAddress ?? null;
}

function refusal(returnCode: ConnackRefusal, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode }) as AuthenticateError;
}

export function createBrokerHooks(
  context: HookContext,
): Required<
  Pick<
    AedesOptions,
    'authenticate' | 'authorizePublish' | 'authorizeSubscribe' | 'authorizeForward'
  >
> {
  const { state, logger, counters, identities } = context;

  const security: SecuritySource = state;

  const authenticate: NonNullable<AedesOptions['authenticate']> = (
    client,
    username,
    password,
    done,
  ) => {
    let isDone = false;
    const refuse = (returnCode: ConnackRefusal, reason: string) => {
      if (isDone) return;
      isDone = true;
      // MQTT 3.1.1 section 3.2.2.3: 2 identifier rejected, 4 bad user name or password, 5 not authorized.
      logger.warn('mqtt authentication failed', {
        clientId: client.id,
        username,
        returnCode,
        reason,
      });
      done(refusal(returnCode, reason), false);
    };
    const { name, proposed } = parseUsername(username);
    /** The checks every authenticated session passes, whatever its credentials. */
    const admit = (identity: SessionIdentity) => {
      if (isDone) return;
      const rights = currentRights(identity, security);
      const live = context.liveSession(client.id);
      if (live !== undefined && !mayTakeOver(live, identity)) {
        refuse(CONNACK.identifierRejected, 'client id is in use by another principal');
        return;
      }
      // aedes sets the will before authenticate (lib/handlers/connect.js): refused here, re-checked at publish.
      const will = (client as unknown as { _will?: { topic?: string } | null })._will;
      if (will?.topic !== undefined) {
        const decision = decidePublishRights(rights, will.topic, state.topics.has(will.topic));
        if (!decision.allowed) {
          refuse(
            CONNACK.notAuthorized,
            `last will to a topic the session may not publish: ${decision.reason}`,
          );
          return;
        }
      }
      const properties = trustedSessionProperties(proposed, security.security.trustedProperties);
      identity.properties = properties.kept;
      for (const dropped of properties.dropped) {
        logger.warn('mqtt session property dropped', {
          clientId: client.id,
          property: dropped.name,
          reason: dropped.reason,
        });
      }
      isDone = true;
      identities.set(client, identity);
      logger.info('mqtt session authenticated', {
        clientId: client.id,
        username,
        principal: identity.principal,
        kind: identity.kind,
        properties: identity.properties,
      });
      done(null, true);
    };
    try {
      const secret = password?.toString('utf8');
      const kind = classifyCredentials(name, secret);
      if (kind === 'anonymous') {
        const decision = decideAnonymous(security.security.anonymousAction);
        if (!decision.ok) {
          refuse(decision.returnCode, decision.reason);
          return;
        }
        admit(createIdentity({ kind: 'anonymous' }, security));
        return;
      }
      if (kind === 'token') {
        context.verifyToken(secret ?? '').then(
          (decision) =>
            decision.ok ? admit(decision.identity) : refuse(decision.returnCode, decision.reason),
          () => refuse(CONNACK.badUsernameOrPassword, 'token verification failed'),
        );
        return;
      }
      const throttleKeys = loginThrottleKeys(clientAddress(client), name);
      const throttled = context.loginThrottle.check(throttleKeys, Date.now());
      if (throttled.blocked) {
        // Refused before hashing: no CPU for the attacker, no guess counted.
        const seconds = Math.ceil(throttled.retryAfterMs / 1000);
        refuse(
          CONNACK.notAuthorized,
          `too many failed logins (${throttled.key}); retry in ${seconds} s`,
        );
        return;
      }
      const principal = state.principals.get(name);
      verifyPassword(secret ?? '', principal?.passwordHash ?? UNKNOWN_PRINCIPAL_HASH).then(
        (isValid) => {
          // Read again: the principal may have been removed or its password changed while hashing.
          const current = state.principals.get(name);
          if (
            isValid &&
            principal !== undefined &&
            current?.passwordHash === principal.passwordHash
          ) {
            context.loginThrottle.recordSuccess(`principal:${name}`);
            admit(
              createIdentity(
                { kind: 'principal', name: principal.name, assignedRoles: principal.assignedRoles },
                security,
                { credentialStamp: principal.passwordHash },
              ),
            );
            return;
          }
          context.loginThrottle.recordFailure(throttleKeys, Date.now());
          refuse(CONNACK.badUsernameOrPassword, 'bad username or password');
        },
        () => refuse(CONNACK.badUsernameOrPassword, 'password verification failed'),
      );
    } catch (error) {
      refuse(CONNACK.notAuthorized, `authentication error: ${String(error)}`);
    }
  };

  /** OWNER: a filter without wildcards naming a topic this session's principal owns (looked up only if needed). */
  const isOwnerOf = (identity: SessionIdentity, pathOrFilter: string): boolean => {
    if (identity.kind !== 'password') return false;
    const topic = state.topics.get(pathOrFilter);
    return topic !== undefined && ownsTopic(identity, topicOwner(topic.properties));
  };

  const authorizePublish: NonNullable<AedesOptions['authorizePublish']> = (
    client,
    packet,
    callback,
  ) => {
    try {
      // The client is null for the last will of a client of a broker that went away: no identity, refused.
      const identity = client === null ? null : (identities.get(client) ?? null);
      if (identity !== null) currentRights(identity, security);
      const path = packet.topic;
      const existing = state.topics.get(path);
      const payload = toBuffer(packet.payload);
      const refuse = (reason: string) => {
        logger.warn('mqtt publish refused', {
          clientId: client?.id ?? null,
          principal: identity?.principal ?? null,
          topic: path,
          reason,
        });
        // MQTT-3.3.5-2: an unauthorized PUBLISH cannot be refused in-band; aedes closes the connection.
        callback(new Error(reason));
      };
      const decision = decidePublish(
        identity,
        path,
        {
          exists: existing !== undefined,
          count: state.topics.size,
          capacity: context.topicsCapacity,
          isOwner:
            identity !== null &&
            existing !== undefined &&
            ownsTopic(identity, topicOwner(existing.properties)),
        },
        { payloadBytes: payload.length, maxPayloadBytes: context.maxMessageBytes },
      );
      if (!decision.ok) {
        refuse(decision.reason);
        return;
      }
      const type = existing?.type ?? inferTopicType(payload);
      const properties = existing?.properties ?? {};
      // Values are validated by the topic's type on every write path (contract topics/topic-values.ts).
      const valueCheck = checkPayload(type, properties, payload);
      if (!valueCheck.ok) {
        refuse(valueCheck.message);
        return;
      }
      countPublished(counters, payload.length, identity?.isAdapter === true);
      // QoS 1/2: aedes sends PUBACK/PUBREC after the callback, so it runs once the record is written (durable
      // ack); QoS 0 carries no acknowledgement (section 4.3.1), so nothing waits for the write.
      const written =
        packet.qos === 0 ? undefined : (error?: Error | null) => callback(error ?? null);
      // Every publish sets the topic's current value, which is the MQTT retained message: a new subscriber gets it
      // with RETAIN=1 (MQTT 3.1.1 section 3.3.1.3); aedes clears RETAIN on live delivery to existing subscribers.
      // An empty payload removes the retained value (section 3.3.1.3). DONT_RETAIN_VALUE: delivered live only.
      const isRetained = properties.DONT_RETAIN_VALUE !== 'true';
      (packet as PublishPacket).retain = isRetained;
      if (type === 'TIME_SERIES') {
        // A publish appends an event; subscribers receive the event value, the latest one is retained.
        state.appendEvent(path, payload, written);
      } else {
        state.commitTopic(
          path,
          {
            type,
            properties,
            value: payload.length === 0 || !isRetained ? null : payload,
            updatedAt: Date.now(),
          },
          written,
        );
      }
      // Per-branch message counts and the topic's last QoS (issue 25 item 17): a walk up the tree, no allocation.
      state.tree.recordPublish(path, packet.qos);
      if (written === undefined) callback(null);
    } catch (error) {
      callback(error instanceof Error ? error : new Error(String(error)));
    }
  };

  const authorizeSubscribe: NonNullable<AedesOptions['authorizeSubscribe']> = (
    client,
    subscription,
    callback,
  ) => {
    try {
      const identity = identities.get(client);
      const filter = subscription.topic;
      let reason = 'no authenticated session';
      if (identity !== undefined && !isValidFilter(filter)) {
        reason = 'malformed topic filter';
      } else if (identity !== undefined) {
        currentRights(identity, security);
        const decision = decideSubscription(identity, filter, () => isOwnerOf(identity, filter));
        if (decision.allowed) {
          callback(null, subscription as Subscription);
          return;
        }
        reason = decision.reason;
      }
      logger.warn('mqtt subscription refused', {
        clientId: client.id,
        principal: identity?.principal ?? null,
        filter,
        reason,
      });
      // MQTT 3.1.1 section 3.9.3: failure return code 0x80 in the SUBACK; the connection stays open.
      callback(null, null);
    } catch (_error) {
      callback(null, null);
    }
  };

  const authorizeForward: NonNullable<AedesOptions['authorizeForward']> = (client, packet) => {
    try {
      const identity = identities.get(client);
      if (identity === undefined) return null;
      // Per message, with the current rights: a READ lost to a role change stops delivery at once.
      currentRights(identity, security);
      if (
        !decideDelivery(identity, packet.topic, () => isOwnerOf(identity, packet.topic)).allowed
      ) {
        return null;
      }
      // MQTT-4.7.2-1: a filter that starts with a wildcard never matches a `$` topic. aedes keeps to it for live
      // messages but hands a new `#` subscriber the retained `$SYS/` values too (the console's, sys-topics.ts):
      // only a session that subscribed to a `$` filter gets them.
      if (packet.topic.startsWith('$') && !hasDollarFilter(client)) return null;
      countDelivered(counters, packet.topic, toBuffer(packet.payload).length, identity.isAdapter);
      return packet as AedesPublishPacket;
    } catch (_error) {
      return null;
    }
  };

  return { authenticate, authorizePublish, authorizeSubscribe, authorizeForward };
}

/**
 * MQTT 3.1.1 section 4.7.1: `#` only as the whole last level, `+` only as a whole level, no NUL, not empty, at most
 * 65535 bytes. mqtt-packet does not check filters; a malformed one is refused (0x80), never matched.
 */
export function isValidFilter(filter: string): boolean {
  if (filter === '' || filter.includes('\u0000') || Buffer.byteLength(filter) > 65_535)
    return false;
  const levels = filter.split('/');
  return levels.every((level, index) => {
    if (level === '#') return index === levels.length - 1;
    return !level.includes('#') && (level === '+' || !level.includes('+'));
  });
}

/** aedes keeps a client's subscriptions by filter (lib/client.js); its typings do not expose them. */
function hasDollarFilter(client: Client): boolean {
  const { subscriptions } = client as unknown as { subscriptions?: Record<string, unknown> };
  return Object.keys(subscriptions ?? {}).some((filter) => filter.startsWith('$'));
}

function toBuffer(payload: Buffer | string | undefined): Buffer {
  if (payload === undefined) return Buffer.alloc(0);
  return Buffer.isBuffer(payload) ? payload : Buffer.from(payload, 'utf8');
}
