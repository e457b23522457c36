import type {
  ChargeRequest,
  ChargeResult,
  PaymentsPort,
} from '../../../adapters/payments/payments-port';

/**
 * A payments provider test double for the invoicing run: it keeps its charges by idempotency key as Stripe does (a
 * repeated key answers the first result and charges nothing), can decline, and can "lose" its answer once (the
 * charge happens, the caller sees a network error: a crash between the provider's answer and our commit).
 */
export interface RecordingPayments extends PaymentsPort {
  /** Every charge actually made (one per idempotency key). */
  readonly charges: ChargeRequest[];
  /** Calls received, including repeats of a key. */
  calls: number;
  declineNext: boolean;
  loseNextAnswer: boolean;
}

export function createRecordingPayments(kind: PaymentsPort['kind'] = 'builtin'): RecordingPayments {
  const results = new Map<string, ChargeResult>();
  const double: RecordingPayments = {
    kind,
    charges: [],
    calls: 0,
    declineNext: false,
    loseNextAnswer: false,
    async createCustomer() {
      throw new Error('not used by the invoicing run');
    },
    async createCheckoutSession() {
      throw new Error('not used by the invoicing run');
    },
    async paymentMethodOfCheckout() {
      throw new Error('not used by the invoicing run');
    },
    verifyWebhook() {
      throw new Error('not used by the invoicing run');
    },
    async charge(request) {
      double.calls += 1;
      let result = results.get(request.idempotencyKey);
      if (!result) {
        const number = double.charges.push(request);
        result = double.declineNext
          ? {
              status: 'failed',
              providerInvoiceId: `in_fake_${number}`,
              message: 'Your card was declined.',
            }
          : {
              status: 'paid',
              providerInvoiceId: `in_fake_${number}`,
              hostedInvoiceUrl: `https://pay.example/invoice/${number}`,
            };
        double.declineNext = false;
        results.set(request.idempotencyKey, result);
      }
      if (double.loseNextAnswer) {
        double.loseNextAnswer = false;
        throw new Error('socket hang up');
      }
      return result;
    },
  };
  return double;
}
