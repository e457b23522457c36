import {
  ACCOUNT_CLOSURE_REASONS,
  BLOCKING_CLOSURE_REASONS,
  FREE_TRIAL_MESSAGE_CAP,
} from '../constants';

export type AccountClosureReason = (typeof ACCOUNT_CLOSURE_REASONS)[number];
export type BlockingClosureReason = (typeof BLOCKING_CLOSURE_REASONS)[number];

/** Spec section 4: TRIAL_END and LIMIT_EXHAUSTED are blocking; inactive is not. */
export function isBlockingClosureReason(
  reason: string | null | undefined,
): reason is BlockingClosureReason {
  return (
    typeof reason === 'string' && (BLOCKING_CLOSURE_REASONS as readonly string[]).includes(reason)
  );
}

export function isAccountClosureReason(
  reason: string | null | undefined,
): reason is AccountClosureReason {
  return (
    typeof reason === 'string' && (ACCOUNT_CLOSURE_REASONS as readonly string[]).includes(reason)
  );
}

/**
 * Whether a workspace may create a new service (docs/decisions/025): a blocking closure reason stops it until the
 * workspace has a valid card (adding one lifts the block and resumes the suspended trial service); an operator's
 * payment exemption or manual billing counts as a card.
 */
export function closureBlocksNewServices(input: {
  closureReason: string | null;
  hasValidCard: boolean;
}): boolean {
  return isBlockingClosureReason(input.closureReason) && !input.hasValidCard;
}

/** Words for people: why the workspace is closed, and what lifts it. */
export const CLOSURE_REASON_TEXT: Record<AccountClosureReason, string> = {
  TRIAL_END:
    'The free trial ended without a payment method. Add a card in Billing to keep your service and create new ones.',
  LIMIT_EXHAUSTED: `The free trial used all of its ${String(FREE_TRIAL_MESSAGE_CAP / 1_000_000)} million messages. Add a card in Billing to keep your service and create new ones.`,
  inactive: 'This organisation is inactive.',
};

/** The 402 message of a service creation a blocking closure reason refuses. */
export const CLOSURE_BLOCKS_CREATION_MESSAGE =
  'This organisation cannot create services until a payment method is added: its free trial ended. Add a card in Billing.';
