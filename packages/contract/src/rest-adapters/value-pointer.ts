/**
 * The optional value pointer of a REST endpoint (issue 28 item 6, beyond the spec): a JSONPath-like expression that
 * picks the part of a JSON response a topic carries, e.g. `$.data.price`, `$.items[0].name` or `$['a key'].value`.
 * Only plain member and index steps: no wildcards, filters or recursive descent, so a pointer names at most one
 * value and the adapter's work per poll stays one walk. Pure: the adapter applies it, the screens preview it.
 */

export type PointerStep = { kind: 'member'; name: string } | { kind: 'index'; index: number };

export type ParsedPointer = { ok: true; steps: PointerStep[] } | { ok: false; error: string };

export const VALUE_POINTER_MAX_LENGTH = 512;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$-]*/;

/** Parses a pointer; an error names the position (1-based) and what was expected there. */
export function parseValuePointer(text: string): ParsedPointer {
  if (text.length > VALUE_POINTER_MAX_LENGTH) {
    return {
      ok: false,
      error: `A value pointer must be at most ${VALUE_POINTER_MAX_LENGTH} characters`,
    };
  }
  if (!text.startsWith('$')) return { ok: false, error: 'A value pointer starts with "$"' };
  const steps: PointerStep[] = [];
  let at = 1;
  const fail = (expected: string): ParsedPointer => ({
    ok: false,
    error: `Expected ${expected} at position ${at + 1} of the value pointer`,
  });
  while (at < text.length) {
    const char = text[at];
    if (char === '.') {
      const name = IDENTIFIER.exec(text.slice(at + 1))?.[0];
      if (!name) return fail('a member name after "."');
      steps.push({ kind: 'member', name });
      at += 1 + name.length;
    } else if (char === '[') {
      const rest = text.slice(at + 1);
      const index = /^(\d{1,9})\]/.exec(rest);
      if (index) {
        steps.push({ kind: 'index', index: Number(index[1]) });
        at += 1 + index[0].length;
        continue;
      }
      const quoted = /^(['"])((?:\\.|(?!\1)[^\\])*)\1\]/.exec(rest);
      if (!quoted) return fail('an index or a quoted name after "["');
      steps.push({ kind: 'member', name: quoted[2]!.replace(/\\(.)/g, '$1') });
      at += 1 + quoted[0].length;
    } else {
      return fail('"." or "["');
    }
  }
  return { ok: true, steps };
}

export type PointedValue = { found: true; value: unknown } | { found: false; missingAt: string };

/** The value the steps name in a parsed JSON document; `missingAt` is the pointer up to the step that failed. */
export function pointInto(document: unknown, steps: readonly PointerStep[]): PointedValue {
  let current: unknown = document;
  let walked = '$';
  for (const step of steps) {
    walked += step.kind === 'index' ? `[${step.index}]` : `.${step.name}`;
    if (step.kind === 'index') {
      if (!Array.isArray(current) || step.index >= current.length) {
        return { found: false, missingAt: walked };
      }
      current = current[step.index];
    } else {
      if (
        current === null ||
        typeof current !== 'object' ||
        Array.isArray(current) ||
        !Object.prototype.hasOwnProperty.call(current, step.name)
      ) {
        return { found: false, missingAt: walked };
      }
      current = (current as Record<string, unknown>)[step.name];
    }
  }
  return { found: true, value: current };
}
