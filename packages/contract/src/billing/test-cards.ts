import { isCardExpired } from './card-expiry';

/**
 * The built-in checkout's cards (issue 13): Stripe's test cards, with Stripe's outcomes. Like Stripe in test mode,
 * the built-in checkout takes these numbers only; any other number is declined.
 */
export type TestCardOutcome =
  /** Stored; every charge succeeds. */
  | 'succeeds'
  /** Declined at checkout: nothing is stored. */
  | 'declined'
  /** Stored (the setup succeeds), but every later charge fails (Stripe's 4000 0000 0000 0341). */
  | 'charges-fail';

export interface TestCard {
  number: string;
  brand: string;
  outcome: TestCardOutcome;
  /** What the page says when it is declined at checkout (Stripe's wording). */
  declineMessage?: string;
}

export const CARD_DECLINED_MESSAGE = 'Your card was declined.';

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', brand: 'visa', outcome: 'succeeds' },
  { number: '4000056655665556', brand: 'visa', outcome: 'succeeds' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'succeeds' },
  { number: '2223003122003222', brand: 'mastercard', outcome: 'succeeds' },
  { number: '378282246310005', brand: 'amex', outcome: 'succeeds' },
  { number: '6011111111111117', brand: 'discover', outcome: 'succeeds' },
  {
    number: '4000000000000002',
    brand: 'visa',
    outcome: 'declined',
    declineMessage: CARD_DECLINED_MESSAGE,
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    outcome: 'declined',
    declineMessage: 'Your card has insufficient funds.',
  },
  { number: '4000000000000341', brand: 'visa', outcome: 'charges-fail' },
];

export const NOT_A_TEST_CARD_MESSAGE = `${CARD_DECLINED_MESSAGE} This checkout takes test cards only, such as 4242 4242 4242 4242.`;

export const CARD_FORM_MESSAGES = {
  nameRequired: 'Enter the name on the card.',
  nameTooLong: 'The name on the card must be at most 100 characters.',
  numberRequired: 'Enter the card number.',
  numberFormat: 'The card number must be 12 to 19 digits.',
  numberInvalid: 'Your card number is invalid.',
  expiryRequired: 'Enter the expiry date as MM/YY.',
  expiryFormat: 'The expiry date must be MM/YY, for example 04/30.',
  expiryPast: "Your card's expiration date is in the past.",
  cvcRequired: 'Enter the security code (CVC).',
  cvcFormat: "Your card's security code must be 3 or 4 digits.",
} as const;

/** The Luhn checksum every card number carries (ISO/IEC 7812). */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export interface CardForm {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardForm;

export type CardFormResult =
  | {
      ok: true;
      name: string;
      number: string;
      last4: string;
      expMonth: number;
      expYear: number;
    }
  | { ok: false; errors: Partial<Record<CardField, string>> };

/**
 * The card page's checks, with Stripe's messages where Stripe has one: a name, 12–19 digits passing Luhn (spaces
 * and dashes ignored), an expiry MM/YY (or MM/YYYY) not before this month (section 5: a card is good until the end
 * of its month), a CVC of 3–4 digits.
 */
export function validateCardForm(form: CardForm, now: Date): CardFormResult {
  const errors: Partial<Record<CardField, string>> = {};
  const name = form.name.trim();
  if (!name) errors.name = CARD_FORM_MESSAGES.nameRequired;
  else if (name.length > 100) errors.name = CARD_FORM_MESSAGES.nameTooLong;

  const number = form.number.replace(/[\s-]/g, '');
  if (!number) errors.number = CARD_FORM_MESSAGES.numberRequired;
  else if (!/^\d{12,19}$/.test(number)) errors.number = CARD_FORM_MESSAGES.numberFormat;
  else if (!isLuhnValid(number)) errors.number = CARD_FORM_MESSAGES.numberInvalid;

  let expMonth = 0;
  let expYear = 0;
  const expiry = form.expiry.replace(/\s/g, '');
  const match = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(expiry);
  if (!expiry) errors.expiry = CARD_FORM_MESSAGES.expiryRequired;
  else if (!match) errors.expiry = CARD_FORM_MESSAGES.expiryFormat;
  else {
    expMonth = Number(match[1]);
    const year = match[2] ?? '';
    expYear = year.length === 2 ? 2000 + Number(year) : Number(year);
    if (expMonth < 1 || expMonth > 12) errors.expiry = CARD_FORM_MESSAGES.expiryFormat;
    else if (isCardExpired({ exp_month: expMonth, exp_year: expYear }, now)) {
      errors.expiry = CARD_FORM_MESSAGES.expiryPast;
    }
  }

  const cvc = form.cvc.trim();
  if (!cvc) errors.cvc = CARD_FORM_MESSAGES.cvcRequired;
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = CARD_FORM_MESSAGES.cvcFormat;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, name, number, last4: number.slice(-4), expMonth, expYear };
}

/** The test card with this number, or undefined (declined with NOT_A_TEST_CARD_MESSAGE). */
export function testCardOf(number: string): TestCard | undefined {
  return TEST_CARDS.find((card) => card.number === number);
}
