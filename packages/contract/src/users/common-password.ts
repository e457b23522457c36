/**
 * The common-password rule (ASVS 5.0 V6.2.4: refuse passwords found in a list of common ones; no composition
 * rules). Pure: the caller supplies the list (the server loads a shipped list of tens of thousands of entries).
 */

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Choose a less predictable one.';

/** A lower-cased set built once from a list of common passwords. */
export function commonPasswordSet(list: Iterable<string>): ReadonlySet<string> {
  const set = new Set<string>();
  for (const entry of list) set.add(entry.toLowerCase());
  return set;
}

/** True when the password, compared case-insensitively, is in the list. */
export function isCommonPassword(password: string, commonPasswords: ReadonlySet<string>): boolean {
  return commonPasswords.has(password.toLowerCase());
}
