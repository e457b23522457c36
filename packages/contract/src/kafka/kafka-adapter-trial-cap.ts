import { FREE_TRIAL_ADAPTER_MESSAGE_LIMIT, FREE_TRIAL_BILLING_PLAN } from '../constants';
import { KAFKA_MESSAGES } from '../messages';

/**
 * Spec section 9: a free trial's Kafka adapters may cause FREE_TRIAL_ADAPTER_MESSAGE_LIMIT billed messages (what
 * they publish plus what is delivered to them, the runtime's `herald_adapter_billed_messages_total`) counted from the
 * start of the trial. At the limit the adapters stop; the service itself runs on (its own cap is separate).
 */
export interface AdapterTrialCapInput {
  /** The service's billing plan: only `freeTrial` has the cap. */
  billingPlan: string;
  /** The adapters' billed messages since the trial started. */
  adapterMessagesUsed: number;
}

export function adapterTrialCapReached(input: AdapterTrialCapInput): boolean {
  return (
    input.billingPlan === FREE_TRIAL_BILLING_PLAN &&
    input.adapterMessagesUsed >= FREE_TRIAL_ADAPTER_MESSAGE_LIMIT
  );
}

/** The trial scheduler's step: the adapters to deactivate now (the active ones, once the cap is reached). */
export function adaptersOverTrialCap(
  input: AdapterTrialCapInput & { adapters: readonly { id: string; active: boolean }[] },
): string[] {
  if (!adapterTrialCapReached(input)) return [];
  return input.adapters.filter((adapter) => adapter.active).map((adapter) => adapter.id);
}

/** Creating or enabling an adapter of a trial over its cap: refused (400) with these words; else null. */
export function adapterTrialCapRefusal(input: AdapterTrialCapInput): string | null {
  return adapterTrialCapReached(input) ? KAFKA_MESSAGES.freeTrialAdapterLimitReached : null;
}
