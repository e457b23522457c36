import type { TrustedProperties } from '@herald/contract/security/security.schema';
import { PROPERTY_NAME_PATTERN } from '@herald/contract/security/security.schema';
import type { PatternMatcher } from '@herald/contract/topics/topic-selector';
import { compileLinearPattern } from './linear-patterns';

/**
 * Client-proposed session properties (docs/decisions/021). MQTT 3.1.1 has no CONNECT properties, so a client proposes
 * them in its username after `?`, URL-query style: `sensor-7?Department=north&Region=eu` logs in as `sensor-7`; an
 * anonymous client sends `?Department=north` with no password. A proposed property is kept only when the service
 * trusts its name and the value matches the rule; everything else is dropped with a reason (the runtime logs it).
 */
export interface ParsedUsername {
  /** The principal name (before the first `?`); empty for an anonymous client. */
  name: string;
  proposed: Record<string, string>;
}

/** Proposals beyond these are ignored: a username is no place for an unbounded map. */
const MAX_PROPOSED = 32;

export function parseUsername(username: string | undefined): ParsedUsername {
  const raw = username ?? '';
  const mark = raw.indexOf('?');
  if (mark < 0) return { name: raw, proposed: {} };
  const proposed: Record<string, string> = {};
  let count = 0;
  for (const [key, value] of new URLSearchParams(raw.slice(mark + 1))) {
    if (count >= MAX_PROPOSED) break;
    // The first proposal of a name wins; Object.hasOwn keeps `__proto__` an ordinary (and untrusted) key.
    if (Object.hasOwn(proposed, key)) continue;
    Object.defineProperty(proposed, key, { value, enumerable: true, writable: true });
    count += 1;
  }
  return { name: raw.slice(0, mark), proposed };
}

export interface PropertyVerdict {
  kept: Record<string, string>;
  dropped: { name: string; reason: string }[];
}

/** Compiled once per rule text: a login must not recompile every trusted regex. */
const compiled = new Map<string, PatternMatcher | Error>();

function matcher(regex: string): PatternMatcher | Error {
  let entry = compiled.get(regex);
  if (entry === undefined) {
    try {
      // Whole-value match, in linear time (policy/linear-patterns.ts): a proposal cannot stall the runtime.
      entry = compileLinearPattern(`^(?:${regex})$`);
    } catch (error) {
      entry = error instanceof Error ? error : new Error(String(error));
    }
    if (compiled.size >= 1_000) compiled.clear();
    compiled.set(regex, entry);
  }
  return entry;
}

/** What a session without kept properties holds: one frozen empty record for all of them (issue 14). */
export const NO_SESSION_PROPERTIES: Record<string, string> = Object.freeze({});

export function trustedSessionProperties(
  proposed: Record<string, string>,
  trusted: TrustedProperties,
): PropertyVerdict {
  const kept: Record<string, string> = {};
  const dropped: PropertyVerdict['dropped'] = [];
  for (const [name, value] of Object.entries(proposed)) {
    if (name.startsWith('$')) {
      dropped.push({ name, reason: `${name} is set by the runtime, not proposed` });
      continue;
    }
    const rule =
      PROPERTY_NAME_PATTERN.test(name) && Object.hasOwn(trusted, name) ? trusted[name] : undefined;
    if (rule === undefined) {
      dropped.push({ name, reason: 'not a trusted property' });
      continue;
    }
    if (rule.type === 'values') {
      if (rule.values.includes(value)) kept[name] = value;
      else dropped.push({ name, reason: `value is not one of the trusted values` });
      continue;
    }
    const pattern = matcher(rule.regex);
    if (pattern instanceof Error) {
      dropped.push({ name, reason: `the trusted regex cannot be used: ${pattern.message}` });
    } else if (pattern.test(value)) {
      kept[name] = value;
    } else {
      dropped.push({ name, reason: 'value does not match the trusted regex' });
    }
  }
  return { kept: Object.keys(kept).length === 0 ? NO_SESSION_PROPERTIES : kept, dropped };
}
