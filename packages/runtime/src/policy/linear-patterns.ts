import type { PatternMatcher } from '@herald/contract/topics/topic-selector';
import { RE2JS } from 're2js';

/**
 * Selector patterns as the runtime matches them: with RE2 semantics (re2js, linear time in the length of the
 * path), never with JavaScript's backtracking engine. Any member may type a selector (the topic browser's search
 * and playground count matches as they type), and one pattern such as `(a+)+$` against a 30-character path would
 * otherwise hold the runtime's only thread for seconds and stop every MQTT client of the service. RE2 refuses what
 * it cannot match in linear time (back-references, look-around); the reason is passed on to the caller.
 */
export function compileLinearPattern(anchoredSource: string): PatternMatcher {
  const pattern = RE2JS.compile(anchoredSource);
  return { test: (text) => pattern.matches(text) };
}
