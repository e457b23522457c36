import { describe, expect, it } from 'vitest';
import { issuesToFieldErrors } from './form-errors';

describe('issuesToFieldErrors', () => {
  it('maps issue paths to form field paths, first message per field', () => {
    expect(
      issuesToFieldErrors([
        { path: 'body.name', message: 'Required' },
        { path: 'body.name', message: 'Too short' },
        { path: 'body.address.city', message: 'Unknown city' },
        { path: 'query.from', message: 'Not a number' },
        { path: 'label', message: 'Taken' },
      ]),
    ).toEqual({
      name: 'Required',
      'address.city': 'Unknown city',
      from: 'Not a number',
      label: 'Taken',
    });
  });

  it('keeps a bare request part as the field name and ignores empty paths', () => {
    expect(
      issuesToFieldErrors([
        { path: 'body', message: 'Expected an object' },
        { path: '', message: 'Whole request' },
      ]),
    ).toEqual({ body: 'Expected an object' });
  });

  it('returns no errors without issues', () => {
    expect(issuesToFieldErrors(undefined)).toEqual({});
  });
});
