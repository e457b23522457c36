/**
 * Stripe's request encoding (what the official SDK sends): `application/x-www-form-urlencoded` with bracket
 * notation for nesting — `metadata[workspaceId]=w1`, `payment_method_types[0]=card`, `expand[]=a` — and the same
 * encoding in the query string of GET requests. Parsed back into the nested object the SDK was given.
 */

export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

/** `a[b][0]` → ['a', 'b', '0']; `a[]` → ['a', '']. */
function keyPath(key: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) throw new FormBodyError(`Invalid parameter name: ${key}`);
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  return [match[1] as string, ...rest];
}

export class FormBodyError extends Error {}

/** Objects whose keys are all array indices (or pushes) become arrays, in index order. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = arraysFromIndexedObjects(value[key] as FormValue);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key) || key.startsWith('\u0000push'))) {
    return keys
      .map((key) => ({
        order: key.startsWith('\u0000push') ? Number(key.slice(5)) : Number(key),
        value: converted[key] as FormValue,
      }))
      .sort((a, b) => a.order - b.order)
      .map((entry) => entry.value);
  }
  return converted;
}

export function parseFormBody(text: string): FormObject {
  const root: FormObject = {};
  let pushes = 0;
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const path = keyPath(rawKey);
    let node: FormObject = root;
    path.forEach((segment, index) => {
      // `expand[]=x` appends; keep the order of appearance.
      const key = segment === '' ? `\u0000push${pushes++}` : segment;
      if (index === path.length - 1) {
        if (typeof node[key] === 'object') {
          throw new FormBodyError(`Conflicting values for parameter ${rawKey}`);
        }
        node[key] = value;
        return;
      }
      const next = node[key];
      if (next === undefined) node[key] = {};
      else if (typeof next === 'string') {
        throw new FormBodyError(`Conflicting values for parameter ${rawKey}`);
      }
      node = node[key] as FormObject;
    });
  }
  return arraysFromIndexedObjects(root) as FormObject;
}

/** A canonical text of parsed parameters (sorted keys), to compare an idempotent retry with the first request. */
export function canonicalParams(value: FormValue): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalParams).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalParams(value[key] as FormValue)}`)
    .join(',')}}`;
}
