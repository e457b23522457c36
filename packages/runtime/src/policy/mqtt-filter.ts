/**
 * Whether an MQTT topic filter matches a topic name (MQTT 3.1.1 section 4.7): `+` matches one level, `#` (last)
 * the parent level and any below; a filter starting with a wildcard does not match names starting with `$`
 * (section 4.7.2).
 */
export function filterMatches(filter: string, name: string): boolean {
  if (name.startsWith('$') && (filter.startsWith('+') || filter.startsWith('#'))) return false;
  const levels = filter.split('/');
  const names = name.split('/');
  for (let index = 0; index < levels.length; index += 1) {
    const level = levels[index];
    if (level === '#') return true;
    if (index >= names.length) return false;
    if (level !== '+' && level !== names[index]) return false;
  }
  return levels.length === names.length;
}
