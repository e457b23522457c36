/**
 * Stripe's test cards (https://docs.stripe.com/testing), the ones the fake knows. A test names a card by its number
 * (spaces allowed) or by Stripe's test payment method token.
 */

export type CardBehaviour =
  /** Sets up and charges. */
  | 'succeeds'
  /** Declined when the card is set up (the Checkout page shows the error; nothing is stored). */
  | 'declined-at-setup'
  /** Attaches to the customer, but every charge fails with card_declined. */
  | 'charges-fail';

export interface TestCard {
  number: string;
  brand: string;
  funding: 'credit' | 'debit';
  country: string;
  behaviour: CardBehaviour;
}

const CARDS: TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    behaviour: 'succeeds',
  },
  {
    number: '4000056655665556',
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    behaviour: 'succeeds',
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    funding: 'credit',
    country: 'US',
    behaviour: 'succeeds',
  },
  {
    number: '378282246310005',
    brand: 'amex',
    funding: 'credit',
    country: 'US',
    behaviour: 'succeeds',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    behaviour: 'declined-at-setup',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    behaviour: 'charges-fail',
  },
];

/** Stripe's test payment method tokens and the card each stands for. */
const TOKENS: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_visa_debit: '4000056655665556',
  pm_card_mastercard: '5555555555554444',
  pm_card_amex: '378282246310005',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeCustomerFail: '4000000000000341',
};

export function findTestCard(numberOrToken: string): TestCard | undefined {
  const number = TOKENS[numberOrToken] ?? numberOrToken.replace(/[\s-]/g, '');
  return CARDS.find((card) => card.number === number);
}
