/**
 * MQTT 3.1.1 topic filters (section 4.7): `+` matches one level, a trailing `#` the parent and every level below.
 * Section 4.7.2: a filter starting with a wildcard does not match topics starting with `$`.
 */
export function topicMatchesFilter(filter: string, topic: string): boolean {
  if (filter === topic) return true;
  if (topic.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const filterLevels = filter.split('/');
  const topicLevels = topic.split('/');
  for (let index = 0; index < filterLevels.length; index += 1) {
    const level = filterLevels[index];
    if (level === '#') return index === filterLevels.length - 1;
    if (index >= topicLevels.length) return false;
    if (level !== '+' && level !== topicLevels[index]) return false;
  }
  return filterLevels.length === topicLevels.length;
}

/** True when the filter has a wildcard, so it cannot be looked up by exact topic. */
export function isWildcardFilter(filter: string): boolean {
  return filter.includes('+') || filter.includes('#');
}
