import { checkTopicPath } from './topic-path';

/**
 * Topic selectors (DATA-PLANE "Topic selectors"). The first character picks the kind:
 * `>a/b` (or a bare `a/b`) a path, `?a/.*\/c` a split-path pattern (one regular expression per part, same depth),
 * `*regex` a full-path pattern, `#s1////s2` a selector set (union, nested sets flatten).
 * On path and pattern selectors a trailing `/` selects only the descendants of the match and a trailing `//` the
 * match and its descendants. Every selector has a prefix: the longest literal path before the first pattern part.
 * Pure: shared by the runtime (admin API, remove-by-selector) and the web topic browser.
 */
export type SelectorScope = 'match' | 'descendants' | 'matchAndDescendants';

/**
 * A compiled pattern part. By default a JavaScript RegExp; the runtime, which matches selectors typed by any member
 * against every topic, compiles them with a linear-time engine instead (`ParseOptions.compilePattern`), so that a
 * pattern such as `(a+)+$` cannot stall the service (catastrophic backtracking).
 */
export interface PatternMatcher {
  test(text: string): boolean;
}

export interface ParseOptions {
  /** Compiles an anchored pattern (`^(?:...)$`); throws with the reason when it cannot. */
  compilePattern?: (anchoredSource: string) => PatternMatcher;
}

export type TopicSelector =
  | { kind: 'path'; expression: string; path: string; scope: SelectorScope; prefix: string }
  | {
      kind: 'splitPathPattern';
      expression: string;
      parts: PatternMatcher[];
      scope: SelectorScope;
      prefix: string;
    }
  | {
      kind: 'fullPathPattern';
      expression: string;
      pattern: PatternMatcher;
      scope: SelectorScope;
      prefix: string;
    }
  | { kind: 'set'; expression: string; selectors: TopicSelector[]; prefix: string };

export type SelectorParse = { ok: true; selector: TopicSelector } | { ok: false; message: string };

export const SELECTOR_SET_SEPARATOR = '////';

const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/;

function splitScope(body: string): { body: string; scope: SelectorScope } {
  if (body.endsWith('//')) return { body: body.slice(0, -2), scope: 'matchAndDescendants' };
  if (body.endsWith('/')) return { body: body.slice(0, -1), scope: 'descendants' };
  return { body, scope: 'match' };
}

/**
 * What the runtime's linear-time engine (RE2 semantics) cannot match: look-around and back-references. Refused here
 * too, so the browser and the control plane name the problem before the runtime would.
 */
const NON_LINEAR_SYNTAX = /\(\?<?[=!]|\\[1-9]|\\k</;

const compileRegExp = (anchoredSource: string): PatternMatcher => new RegExp(anchoredSource);

function compile(
  source: string,
  expression: string,
  options: ParseOptions,
): PatternMatcher | string {
  if (NON_LINEAR_SYNTAX.test(source)) {
    return `Invalid regular expression "${source}" in topic selector "${expression}": look-around and back-references are not supported`;
  }
  try {
    return (options.compilePattern ?? compileRegExp)(`^(?:${source})$`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `Invalid regular expression "${source}" in topic selector "${expression}": ${reason}`;
  }
}

function literalPrefixOfParts(parts: readonly string[]): string {
  const literal: string[] = [];
  for (const part of parts) {
    if (REGEX_METACHARACTERS.test(part)) break;
    literal.push(part);
  }
  return literal.join('/');
}

/** Whether a regular expression has an alternation outside every group (`a/b|c/d`): then no prefix binds it. */
function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (char === '\\') index += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth = Math.max(0, depth - 1);
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

function literalPrefixOfPattern(source: string): string {
  // `*a/b|c/d` selects c/d too: its literal start `a/` is no prefix (rights are checked at the prefix).
  if (hasTopLevelAlternation(source)) return '';
  const firstMeta = source.search(REGEX_METACHARACTERS);
  if (firstMeta === -1) return source;
  const literal = source.slice(0, firstMeta);
  const lastSlash = literal.lastIndexOf('/');
  return lastSlash === -1 ? '' : literal.slice(0, lastSlash);
}

function commonPathPrefix(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  let common = (paths[0] ?? '').split('/');
  for (const path of paths.slice(1)) {
    const segments = path.split('/');
    let length = 0;
    while (length < common.length && common[length] === segments[length]) length += 1;
    common = common.slice(0, length);
  }
  return common.join('/');
}

function parseSet(expression: string, body: string, options: ParseOptions): SelectorParse {
  const members = body.split(SELECTOR_SET_SEPARATOR).filter((member) => member.length > 0);
  if (members.length === 0) {
    return { ok: false, message: `Selector set "${expression}" has no selectors` };
  }
  const selectors: TopicSelector[] = [];
  for (const member of members) {
    const parsed = parseTopicSelector(member, options);
    if (!parsed.ok) return parsed;
    if (parsed.selector.kind === 'set') selectors.push(...parsed.selector.selectors);
    else selectors.push(parsed.selector);
  }
  return {
    ok: true,
    selector: {
      kind: 'set',
      expression,
      selectors,
      prefix: commonPathPrefix(selectors.map((selector) => selector.prefix)),
    },
  };
}

export function parseTopicSelector(expression: string, options: ParseOptions = {}): SelectorParse {
  if (expression.length === 0) return { ok: false, message: 'A topic selector must not be empty' };
  const first = expression[0];
  if (first === '#') return parseSet(expression, expression.slice(1), options);

  if (first === '?') {
    const { body, scope } = splitScope(expression.slice(1));
    if (body.length === 0) {
      return { ok: false, message: `Topic selector "${expression}" has no pattern` };
    }
    const sources = body.split('/');
    const parts: PatternMatcher[] = [];
    for (const source of sources) {
      if (source.length === 0) {
        return { ok: false, message: `Topic selector "${expression}" has an empty part` };
      }
      const compiled = compile(source, expression, options);
      if (typeof compiled === 'string') return { ok: false, message: compiled };
      parts.push(compiled);
    }
    return {
      ok: true,
      selector: {
        kind: 'splitPathPattern',
        expression,
        parts,
        scope,
        prefix: literalPrefixOfParts(sources),
      },
    };
  }

  if (first === '*') {
    const { body, scope } = splitScope(expression.slice(1));
    if (body.length === 0) {
      return { ok: false, message: `Topic selector "${expression}" has no pattern` };
    }
    const compiled = compile(body, expression, options);
    if (typeof compiled === 'string') return { ok: false, message: compiled };
    return {
      ok: true,
      selector: {
        kind: 'fullPathPattern',
        expression,
        pattern: compiled,
        scope,
        prefix: literalPrefixOfPattern(body),
      },
    };
  }

  const { body, scope } = splitScope(first === '>' ? expression.slice(1) : expression);
  const check = checkTopicPath(body);
  if (!check.ok) {
    return { ok: false, message: `Topic selector "${expression}": ${check.message}` };
  }
  return { ok: true, selector: { kind: 'path', expression, path: body, scope, prefix: body } };
}

function inScope(scope: SelectorScope, isMatch: boolean, isDescendant: boolean): boolean {
  if (scope === 'match') return isMatch;
  if (scope === 'descendants') return isDescendant;
  return isMatch || isDescendant;
}

/** The proper ancestors of a path: `a/b/c` → `a`, `a/b`. */
function ancestorsOf(path: string): string[] {
  const segments = path.split('/');
  return segments.slice(1).map((_, index) => segments.slice(0, index + 1).join('/'));
}

/** Whether a topic path is selected. */
export function selectorMatches(selector: TopicSelector, path: string): boolean {
  switch (selector.kind) {
    case 'set':
      return selector.selectors.some((member) => selectorMatches(member, path));
    case 'path':
      return inScope(selector.scope, path === selector.path, path.startsWith(`${selector.path}/`));
    case 'splitPathPattern': {
      const segments = path.split('/');
      const { parts } = selector;
      if (segments.length < parts.length) return false;
      const leadingMatch = parts.every((part, index) => part.test(segments[index] ?? ''));
      if (!leadingMatch) return false;
      return inScope(
        selector.scope,
        segments.length === parts.length,
        segments.length > parts.length,
      );
    }
    case 'fullPathPattern': {
      const isMatch = selector.pattern.test(path);
      if (selector.scope === 'match') return isMatch;
      const isDescendant = ancestorsOf(path).some((ancestor) => selector.pattern.test(ancestor));
      return inScope(selector.scope, isMatch, isDescendant);
    }
  }
}
