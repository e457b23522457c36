import type { ErrorIssue } from '../api/errors';

/**
 * Limits every JSON value that enters a service must keep (issue 25): a value nested deeper than MAX_JSON_DEPTH, or a
 * number JSON.parse turned into ±Infinity (`1e400`), is refused at each door — an MQTT publish, the runtime's admin
 * API, the control plane's API, the adapters — with a message naming the field. Nesting is bounded because every
 * answer that carries a value is serialised by JSON.stringify, which recurses: one value 10,000 levels deep made
 * every topic listing of its service fail. Non-finite numbers are refused because JSON has no text for them:
 * JSON.stringify writes `null`, so the value stored would not be the value sent.
 */
export const MAX_JSON_DEPTH = 64;

export const JSON_LIMIT_MESSAGES = {
  tooDeep: `must not be nested more than ${MAX_JSON_DEPTH} levels deep`,
  nonFinite: 'must be a finite number (JSON numbers beyond ±1.8e308 have no value)',
} as const;

/** At most this many issues are reported for one body: enough to fix it, never a huge answer. */
export const MAX_JSON_LIMIT_ISSUES = 10;

/**
 * The nesting depth of JSON text (a scalar is 0, `[]` and `{}` are 1, `[[1]]` is 2), counted by scanning its
 * brackets outside strings, without parsing: it cannot overflow the call stack, whatever the text. It stops counting
 * once the depth is past `limit`. Text that is not JSON gets the depth its brackets suggest, which is all a bound
 * needs.
 */
export function jsonTextDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let isInString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isInString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character (\" or \\)
      else if (code === 0x22) isInString = false;
    } else if (code === 0x22) {
      isInString = true;
    } else if (code === 0x7b || code === 0x5b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth -= 1;
    }
  }
  return deepest;
}

/** JSON text nested deeper than MAX_JSON_DEPTH (or `limit`). */
export function isJsonTextTooDeep(text: string, limit = MAX_JSON_DEPTH): boolean {
  return jsonTextDepth(text, limit) > limit;
}

/** The nesting depth of a parsed value, walked with its own stack; it stops counting once past `limit`. */
export function jsonValueDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop() as { value: unknown; depth: number };
    if (typeof current !== 'object' || current === null) continue;
    const inner = depth + 1;
    if (inner > deepest) {
      deepest = inner;
      if (deepest > limit) return deepest;
    }
    for (const child of Array.isArray(current) ? current : Object.values(current)) {
      if (typeof child === 'object' && child !== null) stack.push({ value: child, depth: inner });
    }
  }
  return deepest;
}

/** Whether a parsed value holds a number JSON has no text for (±Infinity, NaN), walked with its own stack. */
export function hasNonFiniteNumber(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current === 'number' && !Number.isFinite(current)) return true;
    if (typeof current === 'object' && current !== null) {
      // One at a time: spreading a long array into push() passes too many arguments.
      for (const child of Array.isArray(current) ? current : Object.values(current))
        stack.push(child);
    }
  }
  return false;
}

interface Place {
  readonly value: unknown;
  readonly key: string;
  readonly parent: Place | undefined;
  /** The field of the walked value this place is in (`body.value`); undefined for the root itself. */
  field: Place | undefined;
  /** Containers between the field and this place: the field's own value is at 0. */
  readonly depth: number;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | undefined = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Every field of a parsed body that breaks the limits, as error issues dotted like the validator's: a field (a
 * property or index of the body: `body.value`) whose value is nested more than MAX_JSON_DEPTH levels, and each
 * non-finite number (`body.value.reading`). Walks with its own stack, so a body of any depth is checked safely.
 */
export function findJsonLimitIssues(value: unknown, root: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const tooDeep = new Set<Place>();
  const stack: Place[] = [{ value, key: root, parent: undefined, field: undefined, depth: 0 }];
  while (stack.length > 0 && issues.length < MAX_JSON_LIMIT_ISSUES) {
    const place = stack.pop() as Place;
    const current = place.value;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) {
        issues.push({ path: pathOf(place), message: JSON_LIMIT_MESSAGES.nonFinite });
      }
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    const field = place.field;
    if (field !== undefined && place.depth >= MAX_JSON_DEPTH) {
      // The field's value has MAX_JSON_DEPTH containers above this one: one issue for the field, and no deeper.
      if (!tooDeep.has(field)) {
        tooDeep.add(field);
        issues.push({ path: pathOf(field), message: JSON_LIMIT_MESSAGES.tooDeep });
      }
      continue;
    }
    const entries: Array<[string, unknown]> = Array.isArray(current)
      ? current.map((child, index) => [String(index), child])
      : Object.entries(current);
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, child] = entries[index] as [string, unknown];
      if (child === null || (typeof child !== 'object' && typeof child !== 'number')) continue;
      const next: Place = {
        value: child,
        key,
        parent: place,
        field,
        depth: field === undefined ? 0 : place.depth + 1,
      };
      // A child of the root is a field of its own.
      if (field === undefined) next.field = next;
      stack.push(next);
    }
  }
  return issues;
}
