import { describe, expect, it } from 'vitest';
import {
  checkoutEventOutcome,
  isFreshSignature,
  parseSignatureHeader,
} from './checkout-transition';

const HEX = 'a'.repeat(64);

describe('checkoutEventOutcome', () => {
  it.each([
    ['open', 'checkout.session.completed', 'complete'],
    ['open', 'checkout.session.expired', 'expire'],
    ['open', 'invoice.paid', 'nothing'],
    ['complete', 'checkout.session.completed', 'nothing'],
    ['complete', 'checkout.session.expired', 'nothing'],
    ['expired', 'checkout.session.completed', 'nothing'],
    ['failed', 'checkout.session.completed', 'nothing'],
  ] as const)('%s + %s → %s', (status, type, apply) => {
    expect(checkoutEventOutcome(status, type).apply).toBe(apply);
  });
});

describe('parseSignatureHeader', () => {
  it.each([
    [`t=1700000000,v1=${HEX}`, { timestamp: 1700000000, signatures: [HEX] }],
    [
      `t=1700000000,v0=${'b'.repeat(64)},v1=${HEX},v1=${'c'.repeat(64)}`,
      { timestamp: 1700000000, signatures: [HEX, 'c'.repeat(64)] },
    ],
    [undefined, null],
    ['', null],
    [`v1=${HEX}`, null],
    ['t=1700000000', null],
    ['t=abc,v1=zz', null],
  ])('%j', (header, expected) => {
    expect(parseSignatureHeader(header)).toEqual(expected);
  });
});

describe('isFreshSignature', () => {
  it.each([
    [1000, 1000, true],
    [1000, 1300, true],
    [1000, 1301, false],
    [1301, 1000, false],
  ])('t=%i now=%i → %s', (timestamp, now, fresh) => {
    expect(isFreshSignature(timestamp, now)).toBe(fresh);
  });
});
