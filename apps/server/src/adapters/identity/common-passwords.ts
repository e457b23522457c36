import { createRequire } from 'node:module';
import { commonPasswordSet } from '@herald/contract/users/common-password';

const require = createRequire(import.meta.url);

/**
 * The common-password list: @zxcvbn-ts/language-common's `passwords.json`, ~49,000 passwords ranked by frequency
 * in leaked password sets (xato / SecLists), as one lower-cased set. Loaded once, on first use.
 */
let cached: ReadonlySet<string> | undefined;

export function loadCommonPasswords(): ReadonlySet<string> {
  cached ??= commonPasswordSet(
    require('@zxcvbn-ts/language-common/src/passwords.json') as string[],
  );
  return cached;
}
