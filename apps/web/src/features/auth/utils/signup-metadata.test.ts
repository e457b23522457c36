import { describe, expect, it } from 'vitest';
import { buildSignupMetadata } from './signup-metadata';

const now = new Date('2025-05-06T07:08:09.000Z');

describe('buildSignupMetadata', () => {
  it('keeps the sign-up date and every UTM parameter of the URL', () => {
    const search = new URLSearchParams(
      'utm_source=news&utm_medium=email&utm_campaign=launch&utm_term=mqtt&utm_content=hero&plan=x',
    );
    expect(buildSignupMetadata(search, now)).toEqual({
      signUpDate: '2025-05-06T07:08:09.000Z',
      utm_source: 'news',
      utm_medium: 'email',
      utm_campaign: 'launch',
      utm_term: 'mqtt',
      utm_content: 'hero',
    });
  });

  it('leaves out empty parameters and cuts long ones to 200 characters', () => {
    const search = new URLSearchParams({ utm_source: '  ', utm_term: 'x'.repeat(300) });
    expect(buildSignupMetadata(search, now)).toEqual({
      signUpDate: '2025-05-06T07:08:09.000Z',
      utm_term: 'x'.repeat(200),
    });
  });
});
