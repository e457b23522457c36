import type { TopicSelector } from './topic-selector';

/**
 * The MQTT topic filters (MQTT 3.1.1 section 4.7) a client subscribes to so that it receives every topic a selector
 * (DATA-PLANE "Topic selectors") selects: a Kafka publisher's `framework.heraldTopicSelector` (issue 27 item 4).
 * MQTT cannot say everything a selector says (a regular expression inside a level, a pattern across levels), so the
 * filters may be WIDER than the selector, never narrower: the subscriber keeps only what `selectorMatches` accepts.
 *
 * - path `>a/b`: `a/b`; with a trailing `/` or `//`: `a/b/#` (which in MQTT also matches `a/b` itself).
 * - split-path pattern `?a/.*\/c`: one level per part, a literal part as it is, a pattern part `+`; with a trailing
 *   `/` or `//` a final `#`.
 * - full-path pattern `*a/b.*`: `prefix/#` under its literal prefix, `#` without one. A pattern with `|` anywhere
 *   may leave its literal prefix (`a/b|c/d` selects `c/d`), so it gets `#`.
 * - a set: the union, without a filter another one already covers (overlapping subscriptions of one client may
 *   deliver a message twice, MQTT 3.1.1 section 3.3.5).
 */
const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/;
const MQTT_WILDCARDS = /[+#]/;

function isLiteralLevel(part: string): boolean {
  return !REGEX_METACHARACTERS.test(part) && !MQTT_WILDCARDS.test(part);
}

function filtersOf(selector: TopicSelector): string[] {
  switch (selector.kind) {
    case 'set':
      return selector.selectors.flatMap(filtersOf);
    case 'path':
      return [selector.scope === 'match' ? selector.path : `${selector.path}/#`];
    case 'splitPathPattern': {
      const sources = selector.expression
        .slice(1)
        .replace(/\/\/?$/, '')
        .split('/');
      const levels = sources.map((source) => (isLiteralLevel(source) ? source : '+'));
      if (selector.scope !== 'match') levels.push('#');
      return [levels.join('/')];
    }
    case 'fullPathPattern': {
      if (selector.expression.includes('|') || selector.prefix === '') return ['#'];
      return [`${selector.prefix}/#`];
    }
  }
}

/** Whether every topic `filter` matches is matched by `wider` too (levels compared as MQTT compares them). */
export function mqttFilterCovers(wider: string, filter: string): boolean {
  const outer = wider.split('/');
  const inner = filter.split('/');
  for (const [index, level] of outer.entries()) {
    if (level === '#') return index > 0 || !inner[0]?.startsWith('$');
    const other = inner[index];
    if (other === undefined) return false;
    if (level === '+') {
      if (other === '#' || (index === 0 && other.startsWith('$'))) return false;
      continue;
    }
    if (level !== other) return false;
  }
  return outer.length === inner.length;
}

export function mqttFiltersForSelector(selector: TopicSelector): string[] {
  const unique = [...new Set(filtersOf(selector))];
  return unique.filter(
    (filter) => !unique.some((other) => other !== filter && mqttFilterCovers(other, filter)),
  );
}
