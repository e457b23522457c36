import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodResolver } from './zod-resolver';

const schema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(3, 'Too long'),
    address: z.object({ city: z.string().min(1, 'City is required') }),
    password: z.string(),
    confirm: z.string(),
  })
  .refine((values) => values.password === values.confirm, {
    message: 'Passwords must match',
    path: ['confirm'],
  });

describe('zodResolver', () => {
  it('returns no errors for valid values', () => {
    expect(
      zodResolver(schema)({
        name: 'Ada',
        address: { city: 'London' },
        password: 'a',
        confirm: 'a',
      }),
    ).toEqual({});
  });

  it('maps issue paths to Mantine field paths, first message per field', () => {
    expect(
      zodResolver(schema)({ name: ' ', address: { city: '' }, password: 'a', confirm: 'b' }),
    ).toEqual({
      name: 'Name is required',
      'address.city': 'City is required',
      confirm: 'Passwords must match',
    });
  });

  it('leaves out issues of the whole object', () => {
    const whole = z.object({ a: z.string() }).refine(() => false, 'Never valid');
    expect(zodResolver(whole)({ a: 'x' })).toEqual({});
  });
});
