import { checkTopicPath } from './topic-path';
import { parseTopicSelector } from './topic-selector';

/**
 * The topic browser's one search box (issue 25 item 17): it takes what people type elsewhere (an MQTT topic filter,
 * as in Explain access and every MQTT client), plain words, or a topic selector (DATA-PLANE "Topic selectors"), and
 * turns each into the selector the service answers. The first character and the levels decide:
 *
 * - `>`, `?`, `*`, or `#` followed by more text: a selector, as typed (`#` alone is MQTT's "everything", which no
 *   selector set can be, so it is not ambiguous).
 * - a level that is exactly `+` or `#`: an MQTT topic filter (MQTT 3.1.1 section 4.7), translated to a selector.
 * - otherwise text with a `/`: one topic path (the same topic as a filter without wildcards would match).
 * - otherwise plain words: topics whose path contains every word, in any order, ignoring case.
 */
export type TopicQuery =
  | { kind: 'empty' }
  | { kind: 'selector'; selector: string }
  | { kind: 'mqttFilter'; filter: string; selector: string }
  | { kind: 'path'; path: string; selector: string }
  | { kind: 'words'; words: string[]; selector: string }
  | { kind: 'invalid'; message: string };

/** More words make the any-order pattern grow factorially; three find what a person looks for. */
export const MAX_SEARCH_WORDS = 3;

const REGEX_METACHARACTERS = /[\\^$.|?*+()[\]{}]/g;

function escapeRegex(text: string): string {
  return text.replace(REGEX_METACHARACTERS, (character) => `\\${character}`);
}

/** Case-insensitive without a flag: the selector engines (JavaScript and the runtime's RE2) share no flag syntax. */
function caseInsensitive(word: string): string {
  return Array.from(word)
    .map((character) => {
      const lower = character.toLowerCase();
      const upper = character.toUpperCase();
      if (lower === upper || lower.length !== 1 || upper.length !== 1)
        return escapeRegex(character);
      return `[${lower}${upper}]`;
    })
    .join('');
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, index) =>
    permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [
      item,
      ...rest,
    ]),
  );
}

/** Plain words → a full-path pattern: every word somewhere in the path, in any order, ignoring case. */
export function wordsToSelector(words: readonly string[]): string {
  const unique = [...new Set(words.map((word) => word.toLowerCase()))];
  const orders = permutations(unique).map((order) => order.map(caseInsensitive).join('.*'));
  return orders.length === 1 ? `*.*${orders[0]}.*` : `*.*(?:${orders.join('|')}).*`;
}

/**
 * Checks an MQTT topic filter against MQTT 3.1.1 section 4.7.1 (a wildcard is a whole level; `#` only last) and the
 * data plane's paths (no empty level). Returns the problem, or undefined when the filter is sound.
 */
export function checkMqttFilter(filter: string): string | undefined {
  const levels = filter.split('/');
  for (const [index, level] of levels.entries()) {
    if (level === '') return `MQTT topic filter "${filter}": topics have no empty level`;
    if (level !== '+' && level !== '#' && /[+#]/.test(level)) {
      return `MQTT topic filter "${filter}": a wildcard (+ or #) must be a whole level, as in sensors/+/temp`;
    }
    if (level === '#' && index !== levels.length - 1) {
      return `MQTT topic filter "${filter}": # must be the last level, as in sensors/#`;
    }
  }
  if (filter.includes('\u0000')) {
    return `MQTT topic filter "${filter}" must not contain a NUL character`;
  }
  return undefined;
}

/**
 * A sound MQTT topic filter → the selector matching the same topics. `a/#` → `>a//` (the parent and every level
 * below, section 4.7.1.2); with a `+` it becomes a split-path pattern, one part per level, each literal level
 * escaped. A filter starting with a wildcard matches no `$` topic (section 4.7.2), so a leading `+` is `[^$].*`.
 */
export function mqttFilterToSelector(filter: string): string {
  const levels = filter.split('/');
  const isMultiLevel = levels.at(-1) === '#';
  const fixed = isMultiLevel ? levels.slice(0, -1) : levels;
  const scope = isMultiLevel ? '//' : '';
  if (!fixed.includes('+')) {
    // Only a trailing `#` (or none): a path selector, or every first-level topic but `$` ones for `#` alone.
    return fixed.length === 0 ? '?[^$].*//' : `>${fixed.join('/')}${scope}`;
  }
  const parts = fixed.map((level, index) =>
    level === '+' ? (index === 0 ? '[^$].*' : '.+') : escapeRegex(level),
  );
  return `?${parts.join('/')}${scope}`;
}

const SELECTOR_KINDS = new Set(['>', '?', '*']);

/** What the search box holds, and the selector to ask the service with. Pure; see TopicQuery. */
export function parseTopicQuery(input: string): TopicQuery {
  const text = input.trim();
  if (text === '') return { kind: 'empty' };

  const first = text[0]!;
  if (SELECTOR_KINDS.has(first) || (first === '#' && text !== '#')) {
    const parsed = parseTopicSelector(text);
    return parsed.ok
      ? { kind: 'selector', selector: text }
      : { kind: 'invalid', message: parsed.message };
  }

  const levels = text.split('/');
  if (levels.some((level) => level === '+' || level === '#')) {
    const problem = checkMqttFilter(text);
    if (problem !== undefined) return { kind: 'invalid', message: problem };
    return { kind: 'mqttFilter', filter: text, selector: mqttFilterToSelector(text) };
  }

  if (levels.length > 1) {
    const check = checkTopicPath(text);
    if (!check.ok) {
      return {
        kind: 'invalid',
        message: /[+#]/.test(text)
          ? `MQTT topic filter "${text}": a wildcard (+ or #) must be a whole level, as in sensors/+/temp`
          : check.message,
      };
    }
    return { kind: 'path', path: text, selector: `>${text}` };
  }

  const words = text.split(/\s+/);
  if (words.length > MAX_SEARCH_WORDS) {
    return {
      kind: 'invalid',
      message: `Search for at most ${MAX_SEARCH_WORDS} words at a time, or use a selector`,
    };
  }
  return { kind: 'words', words, selector: wordsToSelector(words) };
}
