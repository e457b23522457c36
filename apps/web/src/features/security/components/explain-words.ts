import type { Explanation } from '@herald/contract/security/security.schema';

type Source = Explanation['prefixPermissions']['sources'][number];

/** How a held role came to the session: assigned, or included through a chain (outermost first). */
export function roleChainWords(
  role: { name: string; via: readonly string[] },
  origins: Record<string, string>,
): string {
  if (role.via.length === 0) return origins[role.name] ?? 'assigned';
  const outer = role.via[0] ?? '';
  const chain = [...role.via, role.name].join(' → ');
  return `included by ${role.via.at(-1) ?? ''} (${chain}; ${outer} is ${origins[outer] ?? 'assigned'})`;
}

/** Where one role's permissions on the path come from, in a sentence. */
export function pathSourceWords(source: Source, path: string): string {
  const where = path === '' ? 'the root' : `"${path}"`;
  switch (source.source) {
    case 'path':
      return `assigned on ${where}`;
    case 'ancestor':
      return `inherited from ancestor "${source.assignedPath ?? ''}"`;
    case 'default':
      return source.isolatedBy !== null
        ? `its default path permissions: inheritance stopped by isolated path "${source.isolatedBy}"`
        : `its default path permissions (nothing assigned on ${where} or above)`;
  }
}

export const TARGET_KIND_WORDS: Record<Explanation['target']['kind'], string> = {
  path: 'topic path',
  mqttFilter: 'MQTT filter',
  selector: 'topic selector',
};

/** The explainer's subjects other than principals, in words for people (the values are the API's). */
export const FIXED_SUBJECTS = [
  { value: 'anonymous', label: 'Anonymous session' },
  { value: 'serviceToken:read', label: 'Service API token (read)' },
  { value: 'serviceToken:write', label: 'Service API token (write)' },
  { value: 'serviceToken:adapter', label: 'An adapter of the service (Kafka, REST)' },
  { value: 'member:User', label: 'Dashboard member: User' },
  { value: 'member:Admin', label: 'Dashboard member: Admin/Owner' },
] as const;
