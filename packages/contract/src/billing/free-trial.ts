import { FREE_TRIAL_TIERS } from '../constants';

export type FreeTrialTier = (typeof FREE_TRIAL_TIERS)[number];

/** Spec sections 5 and 9: a free trial may use tiers xsmall and small only (tier names are wire values, matched exactly). */
export function isFreeTrialTier(tierName: string | null | undefined): tierName is FreeTrialTier {
  return typeof tierName === 'string' && (FREE_TRIAL_TIERS as readonly string[]).includes(tierName);
}
