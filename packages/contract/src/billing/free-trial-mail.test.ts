import { describe, expect, it } from 'vitest';
import { formatMessageCount, formatTrialDate, trialMail } from './free-trial-mail';

const input = {
  serviceName: 'amber-falcon',
  workspaceName: 'Acme',
  endsAt: Date.UTC(2027, 1, 9, 9, 30),
  messagesUsed: 163_400_000,
  billingUrl: 'https://cloud.example/workspace/w1/billing',
};

describe('trial e-mails', () => {
  it.each([
    ['ends-in-7d', 'Your free trial ends in 7 days'],
    ['ends-in-3d', 'Your free trial ends in 3 days'],
    ['ends-in-1d', 'Your free trial ends in 1 day'],
    ['usage-80', 'Your free trial has used 80% of its messages'],
    ['suspended', 'Your free trial service is suspended'],
    ['converted', 'Your free trial service now runs on its paid plan'],
    ['removed', 'Your free trial service was removed'],
    ['adapter-limit', "Your free trial's adapters were stopped"],
  ] as const)('%s reads "%s" and names the service', (kind, subject) => {
    const mail = trialMail(kind, {
      ...input,
      removalDueAt: Date.UTC(2027, 2, 11),
      suspensionReason: 'TRIAL_END',
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain('"amber-falcon" (organisation Acme)');
  });

  it('says which adapters stopped, why, and that the service runs on', () => {
    const { text } = trialMail('adapter-limit', {
      ...input,
      adapterLabels: ['orders'],
      adapterMessagesUsed: 100_250_000,
    });
    expect(text).toContain('have used 100.2 million of the 100 million messages');
    expect(text).toContain('deactivated ("orders")');
    expect(
      trialMail('adapter-limit', { ...input, adapterLabels: ['orders'], restAdapterStopped: true })
        .text,
    ).toContain('deactivated ("orders", the REST adapter)');
    expect(text).toContain('The service itself keeps running.');
    expect(text).toContain(input.billingUrl);
  });

  it('gives the end date, the usage and the way to keep the service', () => {
    const { text } = trialMail('ends-in-3d', input);
    expect(text).toContain('ends on 9 February 2027');
    expect(text).toContain('163.4 million of its 200 million trial messages');
    expect(text).toContain(input.billingUrl);
  });

  it('says why it was suspended and when it goes', () => {
    const { text } = trialMail('suspended', {
      ...input,
      suspensionReason: 'LIMIT_EXHAUSTED',
      removalDueAt: Date.UTC(2027, 2, 11),
    });
    expect(text).toContain('used all of its 200 million trial messages');
    expect(text).toContain('removed permanently on 11 March 2027');
  });

  it('formats counts and dates', () => {
    expect(formatMessageCount(950_000)).toBe('950,000');
    expect(formatMessageCount(200_000_000)).toBe('200 million');
    expect(formatTrialDate(Date.UTC(2027, 0, 1, 23, 59))).toBe('1 January 2027');
  });
});
