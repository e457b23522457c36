import { describe, expect, it } from 'vitest';
import { DANGER_TOAST_TITLE } from '../constants';
import { GENERAL_MESSAGES } from '../messages';
import { toUserError, WARNING_TOAST_TITLE, type ErrorLike } from './error-text';

const technicalMessage = 'GET /v3/health failed with status 503: Database unavailable';
const friendlyMessages = { 'Error updating subscription': 'Please check your payment details.' };

describe('toUserError picks the shown text in the order of spec section 8', () => {
  const cases: Array<{ name: string; error: ErrorLike; expected: string }> = [
    {
      name: 'an explicit friendly message wins over everything',
      error: {
        friendlyMessage: 'Friendly',
        technicalMessage,
        serverMessage: 'Error updating subscription',
        reason: 'Reason',
        message: 'Own message',
      },
      expected: 'Friendly',
    },
    {
      name: 'a server message found in the friendly catalogue comes next',
      error: {
        technicalMessage,
        serverMessage: 'Error updating subscription',
        message: 'Own message',
      },
      expected: 'Please check your payment details.',
    },
    {
      name: 'a reason found in the friendly catalogue is looked up when there is no server message',
      error: { reason: 'Error updating subscription', message: 'Own message' },
      expected: 'Please check your payment details.',
    },
    {
      name: 'a failed API call with a server error shows its user text, not the technical message',
      error: {
        technicalMessage,
        serverMessage: 'Database unavailable',
        reason: 'Reason',
        status: 503,
        message: GENERAL_MESSAGES.apiCallFailure,
      },
      expected: GENERAL_MESSAGES.apiCallFailure,
    },
    {
      name: 'a failed API call that never got an answer shows its user text',
      error: { technicalMessage, serverMessage: 'Network error', status: 0, message: 'User text' },
      expected: 'User text',
    },
    {
      name: 'a failed API call without a user text shows the general API failure text',
      error: { technicalMessage, status: 500 },
      expected: GENERAL_MESSAGES.apiCallFailure,
    },
    {
      name: "a failed API call with a client error shows the server's message, written for people",
      error: {
        technicalMessage,
        serverMessage: 'Too many attempts. Try again in 12 minutes.',
        status: 429,
        message: GENERAL_MESSAGES.apiCallFailure,
      },
      expected: 'Too many attempts. Try again in 12 minutes.',
    },
    {
      name: 'a client error prefers the server reason to the server message',
      error: { technicalMessage, serverMessage: 'Message', reason: 'Reason', status: 409 },
      expected: 'Reason',
    },
    {
      name: 'a client error without a server message shows the user text',
      error: { technicalMessage, serverMessage: ' ', status: 400, message: 'User text' },
      expected: 'User text',
    },
    {
      name: 'the server reason comes before the server message',
      error: { serverMessage: 'Server message', reason: 'Reason', message: 'Own message' },
      expected: 'Reason',
    },
    {
      name: 'the server message comes before the error message',
      error: { serverMessage: 'Server message', message: 'Own message' },
      expected: 'Server message',
    },
    {
      name: "the error's own message comes next",
      error: { message: 'Own message' },
      expected: 'Own message',
    },
    {
      name: "'An error occurred' is the last resort",
      error: {},
      expected: GENERAL_MESSAGES.fallback,
    },
    {
      name: 'blank and non-string fields are skipped',
      error: {
        friendlyMessage: '  ',
        technicalMessage: 42,
        serverMessage: '',
        reason: null,
        message: 'Own',
      },
      expected: 'Own',
    },
  ];

  it.each(cases)('$name', ({ error, expected }) => {
    const shown = toUserError(error, { friendlyMessages });
    expect(shown).toMatchObject({
      variant: 'danger',
      title: DANGER_TOAST_TITLE,
      message: expected,
    });
    expect(shown.detail).toBeUndefined();
  });
});

describe('toUserError reads any thrown value', () => {
  it.each([
    { name: 'an Error', error: new Error('Boom'), expected: 'Boom' },
    { name: 'a string', error: 'Plain text', expected: 'Plain text' },
    { name: 'undefined', error: undefined, expected: GENERAL_MESSAGES.fallback },
    { name: 'null', error: null, expected: GENERAL_MESSAGES.fallback },
    { name: 'a number', error: 500, expected: GENERAL_MESSAGES.fallback },
  ])('shows the message of $name', ({ error, expected }) => {
    expect(toUserError(error).message).toBe(expected);
  });

  it('does not look server messages up in inherited catalogue keys', () => {
    expect(toUserError({ serverMessage: 'toString' }, { friendlyMessages: {} }).message).toBe(
      'toString',
    );
  });
});

describe('toUserError with a context', () => {
  it("puts 'An error was encountered in {context}' first and the chosen text second", () => {
    const shown = toUserError(
      {
        technicalMessage,
        serverMessage: 'Database unavailable',
        status: 503,
        message: GENERAL_MESSAGES.apiCallFailure,
      },
      { context: 'the server status check' },
    );
    expect(shown).toEqual({
      variant: 'danger',
      title: 'Error',
      message: 'An error was encountered in the server status check',
      detail: GENERAL_MESSAGES.apiCallFailure,
      technical: technicalMessage,
    });
  });

  it('keeps the technical message of every failed API call for details and the console', () => {
    expect(
      toUserError({ technicalMessage, status: 503, message: GENERAL_MESSAGES.apiCallFailure }),
    ).toEqual({
      variant: 'danger',
      title: 'Error',
      message: GENERAL_MESSAGES.apiCallFailure,
      technical: technicalMessage,
    });
  });

  it('ignores a blank context', () => {
    expect(toUserError({ message: 'Own' }, { context: ' ' })).toEqual({
      variant: 'danger',
      title: 'Error',
      message: 'Own',
    });
  });
});

describe('toUserError shows WARNING: messages as warnings', () => {
  it.each([
    {
      name: 'a server message',
      error: { technicalMessage, serverMessage: 'WARNING: Try again shortly' },
    },
    { name: 'a server reason', error: { reason: 'WARNING:Try again shortly' } },
    {
      name: 'an explicit friendly message',
      error: { friendlyMessage: 'WARNING: Try again shortly' },
    },
    {
      name: 'a friendly catalogue entry',
      error: { technicalMessage, serverMessage: 'Adapter check failed' },
      friendlyMessages: { 'Adapter check failed': 'WARNING: Try again shortly' },
    },
  ])('from $name, without the prefix', ({ error, friendlyMessages: catalogue }) => {
    expect(toUserError(error, { friendlyMessages: catalogue ?? {} })).toMatchObject({
      variant: 'warning',
      title: WARNING_TOAST_TITLE,
      message: 'Try again shortly',
    });
  });

  it('keeps the context sentence first and the warning second', () => {
    expect(
      toUserError({ serverMessage: 'WARNING: Try again shortly' }, { context: 'the check' }),
    ).toEqual({
      variant: 'warning',
      title: WARNING_TOAST_TITLE,
      message: 'An error was encountered in the check',
      detail: 'Try again shortly',
    });
  });

  it('falls back to the generic text when the warning is only the prefix', () => {
    expect(toUserError({ serverMessage: 'WARNING:' }).message).toBe(GENERAL_MESSAGES.fallback);
  });

  it('treats a prefix that is not at the start as an ordinary error', () => {
    expect(toUserError({ serverMessage: 'Note WARNING: x' })).toMatchObject({ variant: 'danger' });
  });
});
