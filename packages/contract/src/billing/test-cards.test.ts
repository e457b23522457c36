import { describe, expect, it } from 'vitest';
import {
  CARD_FORM_MESSAGES,
  TEST_CARDS,
  isLuhnValid,
  testCardOf,
  validateCardForm,
} from './test-cards';

const NOW = new Date(Date.UTC(2026, 10, 26, 12));
const good = { name: 'Ada Lovelace', number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123' };

describe('isLuhnValid', () => {
  it('accepts every test card and refuses a changed digit', () => {
    for (const card of TEST_CARDS) expect(isLuhnValid(card.number)).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('42a2')).toBe(false);
  });
});

describe('validateCardForm', () => {
  it('accepts a good card: digits only, last four, four-digit year', () => {
    expect(validateCardForm(good, NOW)).toEqual({
      ok: true,
      name: 'Ada Lovelace',
      number: '4242424242424242',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it('accepts the current month (a card is good until the end of its month)', () => {
    expect(validateCardForm({ ...good, expiry: '11/26' }, NOW).ok).toBe(true);
    expect(validateCardForm({ ...good, expiry: '11/2026' }, NOW).ok).toBe(true);
  });

  it.each([
    ['name', { name: '  ' }, CARD_FORM_MESSAGES.nameRequired],
    ['name', { name: 'x'.repeat(101) }, CARD_FORM_MESSAGES.nameTooLong],
    ['number', { number: '' }, CARD_FORM_MESSAGES.numberRequired],
    ['number', { number: '4242 abcd' }, CARD_FORM_MESSAGES.numberFormat],
    ['number', { number: '4242424242424241' }, CARD_FORM_MESSAGES.numberInvalid],
    ['expiry', { expiry: '' }, CARD_FORM_MESSAGES.expiryRequired],
    ['expiry', { expiry: '1230' }, CARD_FORM_MESSAGES.expiryFormat],
    ['expiry', { expiry: '13/30' }, CARD_FORM_MESSAGES.expiryFormat],
    ['expiry', { expiry: '10/26' }, CARD_FORM_MESSAGES.expiryPast],
    ['cvc', { cvc: '' }, CARD_FORM_MESSAGES.cvcRequired],
    ['cvc', { cvc: '12' }, CARD_FORM_MESSAGES.cvcFormat],
    ['cvc', { cvc: '12345' }, CARD_FORM_MESSAGES.cvcFormat],
  ])('%s: %j → %s', (field, change, message) => {
    const result = validateCardForm({ ...good, ...change }, NOW);
    expect(result).toEqual({ ok: false, errors: { [field]: message } });
  });
});

describe('testCardOf', () => {
  it.each([
    ['4242424242424242', 'succeeds', 'visa'],
    ['4000000000000002', 'declined', 'visa'],
    ['4000000000000341', 'charges-fail', 'visa'],
    ['5555555555554444', 'succeeds', 'mastercard'],
  ])('%s → %s', (number, outcome, brand) => {
    expect(testCardOf(number)).toMatchObject({ outcome, brand });
  });

  it('knows no other number', () => {
    expect(testCardOf('4111111111111111')).toBeUndefined();
  });
});
