import type { ServerResponse } from 'node:http';
import type { Role as WorkspaceRole } from '@herald/contract/members/permissions';
import {
  decidePublishRights,
  decideReceive,
  decideSubscribe,
  type Decision,
} from '@herald/contract/security/mqtt-rights';
import {
  mqttFilterPrefix,
  orderedGlobalPermissions,
  orderedPathPermissions,
  resolveGlobalPermissions,
} from '@herald/contract/security/resolve-permissions';
import { explainQuerySchema, type Explanation } from '@herald/contract/security/security.schema';
import { sessionRoles, type SessionSubject } from '@herald/contract/security/session-roles';
import { topicOwner } from '@herald/contract/topics/topic-properties';
import { checkTopicPath, isSysTopic } from '@herald/contract/topics/topic-path';
import { parseTopicSelector, type TopicSelector } from '@herald/contract/topics/topic-selector';
import { badRequest, parseQuery, send } from './admin-http';
import { requireGlobal } from './admin-access';
import type { Caller } from './admin-security';
import { compileLinearPattern } from '../policy/linear-patterns';
import { filterMatches } from '../policy/mqtt-filter';
import {
  createIdentity,
  decideAnonymous,
  decideDelivery,
  decideSubscription,
  ownsTopic,
  type SecuritySource,
  type SessionIdentity,
} from '../policy/session-policy';
import type { DurableState } from '../state/durable-state';

/**
 * The effective-permission explainer (docs/decisions/021): who may do what, and why, answered with the very
 * functions the runtime enforces with (contract mqtt-rights.ts through policy/session-policy.ts), against the store
 * as it is now. `explainAccess` is pure: it takes the state pieces, so it is tested without a runtime.
 */
export type ExplainTarget =
  | { kind: 'path'; text: string; prefix: string }
  | { kind: 'mqttFilter'; text: string; prefix: string }
  | { kind: 'selector'; text: string; prefix: string; selector: TopicSelector };

export type TargetParse = { ok: true; target: ExplainTarget } | { ok: false; message: string };

const MATCHING_TOPICS_SHOWN = 50;

/** A filter if a level is exactly `+` or `#`; else a selector if it starts with `>?*#`; else a topic path. */
export function parseExplainTarget(text: string): TargetParse {
  const levels = text.split('/');
  if (levels.some((level) => level === '+' || level === '#')) {
    const bad = levels.find(
      (level) => level !== '+' && level !== '#' && (/[+#]/.test(level) || level.includes('\u0000')),
    );
    if (bad !== undefined) {
      return {
        ok: false,
        message: `level "${bad}": "+" and "#" must fill a whole level of a filter`,
      };
    }
    if (levels.slice(0, -1).includes('#')) {
      return {
        ok: false,
        message: '"#" must be the last level of an MQTT filter (MQTT 3.1.1 4.7.1.2)',
      };
    }
    return { ok: true, target: { kind: 'mqttFilter', text, prefix: mqttFilterPrefix(text) } };
  }
  if ('>?*#'.includes(text[0] ?? '')) {
    const parsed = parseTopicSelector(text, { compilePattern: compileLinearPattern });
    if (!parsed.ok) return { ok: false, message: parsed.message };
    return {
      ok: true,
      target: { kind: 'selector', text, prefix: parsed.selector.prefix, selector: parsed.selector },
    };
  }
  if (!isSysTopic(text)) {
    const check = checkTopicPath(text);
    if (!check.ok) return { ok: false, message: check.message };
  }
  return { ok: true, target: { kind: 'path', text, prefix: text } };
}

export type SubjectParse =
  | { ok: true; subject: SessionSubject; label: string; principalName: string | null }
  | { ok: false; message: string };

/** `principal:<name>`, `anonymous`, `serviceToken:read|write`, `member:User|Admin|Owner` (explainQuerySchema). */
export function parseExplainSubject(text: string, source: SecuritySource): SubjectParse {
  if (text === 'anonymous') {
    return {
      ok: true,
      subject: { kind: 'anonymous' },
      label: 'anonymous session',
      principalName: null,
    };
  }
  const colon = text.indexOf(':');
  const kind = text.slice(0, colon);
  const value = text.slice(colon + 1);
  if (kind === 'principal' && value !== '') {
    const assignedRoles = source.principals.get(value)?.assignedRoles ?? [];
    return {
      ok: true,
      subject: { kind: 'principal', name: value, assignedRoles },
      label: `principal "${value}"`,
      principalName: value,
    };
  }
  if (kind === 'serviceToken' && (value === 'read' || value === 'write' || value === 'adapter')) {
    return {
      ok: true,
      subject: { kind: 'serviceToken', access: value },
      label: `service API token (${value} scope)`,
      principalName: null,
    };
  }
  if (kind === 'member' && (value === 'User' || value === 'Admin' || value === 'Owner')) {
    return {
      ok: true,
      subject: { kind: 'member', workspaceRole: value as WorkspaceRole },
      label: `dashboard member (${value})`,
      principalName: null,
    };
  }
  return {
    ok: false,
    message:
      'subject: principal:<name>, anonymous, serviceToken:read, serviceToken:write, serviceToken:adapter or member:<role>',
  };
}

function canConnect(subject: SessionSubject, source: SecuritySource): Decision {
  switch (subject.kind) {
    case 'principal':
      return source.principals.has(subject.name)
        ? { allowed: true, reason: `principal "${subject.name}" logs in with its password` }
        : { allowed: false, reason: `no such principal "${subject.name}"` };
    case 'anonymous': {
      const decision = decideAnonymous(source.security.anonymousAction);
      return decision.ok
        ? { allowed: true, reason: 'anonymous sessions are allowed (ALLOW)' }
        : { allowed: false, reason: decision.reason };
    }
    case 'serviceToken':
      return { allowed: true, reason: 'a valid service API token connects' };
    case 'member':
      return { allowed: true, reason: "a member's dashboard token connects" };
  }
}

export interface ExplainInput {
  source: SecuritySource;
  subject: Extract<SubjectParse, { ok: true }>;
  target: ExplainTarget;
  /** Whether a topic exists, and its OWNER principal (null: none). */
  topic: (path: string) => { owner: string | null } | undefined;
  /** For a filter or selector: every existing topic it matches, in tree order. */
  matchingPaths: readonly string[];
}

function owns(identity: SessionIdentity, input: ExplainInput, path: string): boolean {
  return ownsTopic(identity, input.topic(path)?.owner ?? null);
}

export function explainAccess(input: ExplainInput): Explanation {
  const { source, target } = input;
  const { subject } = input.subject;
  const identity = createIdentity(subject, source);
  const { rights } = identity;
  const roles = sessionRoles(subject, source.security);
  const global = resolveGlobalPermissions(rights.model, rights.held);
  const resolution = rights.resolve(target.prefix);

  let mqtt: Explanation['mqtt'];
  let matchingTopics: Explanation['matchingTopics'] = [];
  if (target.kind === 'path') {
    const path = target.text;
    const isOwner = owns(identity, input, path);
    const exists = input.topic(path) !== undefined;
    const publish = decidePublishRights(rights, path, exists);
    mqtt = {
      canSubscribe: decideSubscription(identity, path, isOwner),
      receivesValues: decideDelivery(identity, path, isOwner),
      canPublish:
        !publish.allowed && exists && isOwner && !isSysTopic(path)
          ? { allowed: true, reason: 'the principal owns the topic (OWNER)' }
          : publish,
      canCreate: decidePublishRights(rights, path, false),
    };
  } else {
    const decisions = input.matchingPaths.map((path) => ({
      path,
      receives: decideDelivery(identity, path, owns(identity, input, path)),
    }));
    matchingTopics = decisions.slice(0, MATCHING_TOPICS_SHOWN);
    const received = decisions.filter((decision) => decision.receives.allowed).length;
    const atPrefix = decideReceive(rights, target.prefix);
    const subscribe =
      target.kind === 'mqttFilter'
        ? decideSubscription(identity, target.text, false)
        : decideSubscribe(rights, target.prefix);
    mqtt = {
      canSubscribe:
        target.kind === 'selector'
          ? { ...subscribe, reason: subscribe.reason.replace("the filter's", "the selector's") }
          : subscribe,
      receivesValues:
        decisions.length === 0
          ? {
              allowed: atPrefix.allowed,
              reason: `no existing topic matches; ${atPrefix.reason}`,
            }
          : {
              allowed: received > 0,
              reason: `values of ${received} of the ${decisions.length} matching topics are delivered`,
            },
      canPublish: null,
      canCreate: null,
    };
  }

  return {
    subject: {
      kind: subject.kind,
      label: input.subject.label,
      canConnect: canConnect(subject, source),
      assignedRoles: roles.roles,
      roleOrigins: roles.origins,
    },
    roles: rights.held.map((role) => ({
      name: role.name,
      via: [...role.via],
      exists: role.exists,
    })),
    globalPermissions: orderedGlobalPermissions(global.permissions).map((permission) => ({
      permission,
      grantedBy: global.grantedBy.get(permission) ?? [],
    })),
    target: { text: target.text, kind: target.kind, prefix: target.prefix },
    prefixPermissions: {
      path: target.prefix,
      permissions: orderedPathPermissions(resolution.permissions),
      sources: resolution.sources.map((source) => ({ ...source, via: [...source.via] })),
    },
    mqtt,
    matchingTopics,
    matchingTopicCount: target.kind === 'path' ? 0 : input.matchingPaths.length,
  };
}

/** `GET /admin/security/explain?subject=&target=`: needs VIEW_SECURITY. */
export function createExplainRoute(state: DurableState) {
  return function explain({ rights }: Caller, url: URL, response: ServerResponse): void {
    requireGlobal(rights, 'VIEW_SECURITY');
    const query = parseQuery(explainQuerySchema, url);
    const subject = parseExplainSubject(query.subject, state);
    if (!subject.ok) throw badRequest(`query.${subject.message}`);
    const parsed = parseExplainTarget(query.target);
    if (!parsed.ok) throw badRequest(`query.target: ${parsed.message}`);
    const { target } = parsed;
    const matchingPaths: string[] = [];
    if (target.kind === 'selector') {
      state.tree.collect(target.selector, (path) => matchingPaths.push(path));
    } else if (target.kind === 'mqttFilter') {
      for (const path of state.tree.paths(target.prefix)) {
        if (filterMatches(target.text, path)) matchingPaths.push(path);
      }
    }
    const topic = (path: string) => {
      const found = state.topics.get(path);
      return found === undefined ? undefined : { owner: topicOwner(found.properties) };
    };
    send(response, 200, explainAccess({ source: state, subject, target, topic, matchingPaths }));
  };
}
