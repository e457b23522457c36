import type { AnonymousAction } from '@herald/contract/security/security.schema';

/** The anonymous policies in words for people: the radio's label and its one line (docs/decisions/021). */
export const ANONYMOUS_ACTION_WORDS: Record<AnonymousAction, { label: string; effect: string }> = {
  ALLOW: {
    label: 'Allow',
    effect: 'Clients without credentials connect and get the roles for anonymous sessions.',
  },
  DENY: {
    label: 'Deny',
    effect: 'Clients without credentials are refused (CONNACK 5, not authorised).',
  },
  ABSTAIN: {
    label: 'Abstain',
    effect: 'No decision here; Herald has no other authenticator, so the connection is refused.',
  },
};
