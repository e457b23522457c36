/**
 * Freezes a value and every plain object and array inside it, for values shared between requests (read caches):
 * a handler that tried to change one would throw instead of changing what the next request sees.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}
