/**
 * Topic path rules (DATA-PLANE "Topics"): segments separated by `/`, case-sensitive, no empty segment, no leading or
 * trailing `/`. MQTT topic names may not contain the wildcards `+` and `#` nor U+0000 (MQTT 3.1.1 section 4.7.1,
 * 1.5.3). Paths under `$SYS/` belong to the runtime.
 */
export const SYS_TOPIC_PREFIX = '$SYS/';

export type TopicPathCheck = { ok: true } | { ok: false; message: string };

export function checkTopicPath(path: string): TopicPathCheck {
  if (path.length === 0) return { ok: false, message: 'A topic path must not be empty' };
  if (path.startsWith('/'))
    return { ok: false, message: `Topic path "${path}" must not start with /` };
  if (path.endsWith('/')) return { ok: false, message: `Topic path "${path}" must not end with /` };
  if (path.includes('//')) {
    return { ok: false, message: `Topic path "${path}" must not have an empty segment` };
  }
  if (/[+#]/.test(path) || path.includes('\u0000')) {
    return { ok: false, message: `Topic path "${path}" must not contain +, # or a NUL character` };
  }
  return { ok: true };
}

export function isValidTopicPath(path: string): boolean {
  return checkTopicPath(path).ok;
}

/** `$SYS/...` and `$SYS` itself: the broker's own topics. */
export function isSysTopic(pathOrFilter: string): boolean {
  return pathOrFilter === '$SYS' || pathOrFilter.startsWith(SYS_TOPIC_PREFIX);
}
