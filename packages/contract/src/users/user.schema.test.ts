import { describe, expect, it } from 'vitest';
import { updateUserRequestSchema, userSchema } from './user.schema';

describe('the user update', () => {
  it('takes profile fields, trimmed', () => {
    expect(
      updateUserRequestSchema.parse({ firstName: ' Ada ', company: 'Analytical Engines' }),
    ).toEqual({
      firstName: 'Ada',
      company: 'Analytical Engines',
    });
  });

  it('rejects an empty update', () => {
    expect(updateUserRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(
      'Provide at least one field to update',
    );
  });

  it.each([['email'], ['email_verified'], ['detailsComplete']])(
    'does not let the user set %s',
    (field) => {
      expect(updateUserRequestSchema.safeParse({ firstName: 'Ada', [field]: true }).success).toBe(
        false,
      );
    },
  );
});

describe('the user', () => {
  const user = {
    customerid: 'cus_1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    email_verified: true,
    company: null,
    services: [],
    subscriptions: [],
    setupComplete: true,
    detailsComplete: true,
    firstService: null,
    provider: 'password',
    metadata: {},
  };

  it('parses with the canonical spellings only', () => {
    expect(userSchema.safeParse(user).success).toBe(true);
  });

  it('keeps the alternate spellings when sent', () => {
    expect(
      userSchema.parse({ ...user, emailValidated: true, authProvider: 'password' }),
    ).toMatchObject({
      emailValidated: true,
      authProvider: 'password',
    });
  });
});
