import type { TrustedPropertyRule } from '@herald/contract/security/security.schema';

/** A trusted property's rule as the table shows it. */
export function describeTrustedRule(rule: TrustedPropertyRule): string {
  return rule.type === 'values'
    ? `one of ${rule.values.map((value) => `"${value}"`).join(', ')}`
    : `matching /${rule.regex}/ (the whole value)`;
}
