import type { ErrorIssue } from '../api/errors';

/**
 * Text every API input must be (issue 9, docs/decisions/012): PostgreSQL refuses U+0000 in `text` and `jsonb`, and an
 * unpaired UTF-16 surrogate (U+D800–U+DFFF alone) has no UTF-8 encoding, so either would reach the database as a
 * failure of ours (500) instead of the client's (400). One rule for every string and property name of every request.
 */
export const UNSAFE_TEXT_MESSAGES = {
  nul: 'must not contain the NUL character (U+0000)',
  loneSurrogate: 'must be valid Unicode: it contains an unpaired surrogate (U+D800–U+DFFF)',
  nulInName: 'property names must not contain the NUL character (U+0000)',
  loneSurrogateInName: 'property names must be valid Unicode (an unpaired surrogate was found)',
} as const;

/** At most this many issues are reported for one request part: enough to fix it, never a huge answer. */
export const MAX_UNSAFE_TEXT_ISSUES = 10;

type Problem = 'nul' | 'loneSurrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (no `u` flag: code units). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `text` cannot be stored, or undefined when it can. */
export function unsafeTextProblem(text: string): Problem | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'loneSurrogate';
  return undefined;
}

/** A place in the walked value; the dotted path is built only for a place that has an issue. */
interface Place {
  readonly value: unknown;
  readonly key: string;
  readonly parent: Place | undefined;
}

function pathOf(place: Place): string {
  const keys: string[] = [];
  for (let at: Place | undefined = place; at; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/**
 * Every string (and property name) in `value` that cannot be stored, as error issues whose path is `root` plus the
 * keys and indexes leading to it, dotted like the validator's (`body.metadata.source`, `body.items.0`). Walks with
 * its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function findUnsafeText(value: unknown, root: string): ErrorIssue[] {
  const issues: ErrorIssue[] = [];
  const stack: Place[] = [{ value, key: root, parent: undefined }];
  while (stack.length > 0 && issues.length < MAX_UNSAFE_TEXT_ISSUES) {
    const place = stack.pop() as Place;
    const current = place.value;
    if (typeof current === 'string') {
      const problem = unsafeTextProblem(current);
      if (problem) issues.push({ path: pathOf(place), message: UNSAFE_TEXT_MESSAGES[problem] });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index -= 1) {
        stack.push({ value: current[index], key: String(index), parent: place });
      }
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        const problem = unsafeTextProblem(key);
        if (problem) {
          const message = problem === 'nul' ? 'nulInName' : 'loneSurrogateInName';
          issues.push({ path: pathOf(place), message: UNSAFE_TEXT_MESSAGES[message] });
        } else {
          stack.push({ value: child, key, parent: place });
        }
      }
    }
  }
  return issues;
}
