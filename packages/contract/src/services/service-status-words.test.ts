import { describe, expect, it } from 'vitest';
import { SERVICE_STATUSES } from './service-status';
import { isInProgressStatus } from './service-status-rules';
import { serviceStatusWords } from './service-status-words';

describe('service status words', () => {
  it.each([
    ['CHECKING', 'Starting'],
    ['POD_PENDING', 'Starting'],
    ['POD_INITIALIZING', 'Starting'],
    ['POD_RUNNING_PENDING_DNS', 'Starting'],
    ['RUNNING', 'Running'],
    ['ERROR', 'Error'],
    ['SUSPENDED', 'Suspended'],
    ['UNAVAILABLE', 'Unavailable'],
  ] as const)('calls status %s "%s"', (status, label) => {
    expect(serviceStatusWords(status).label).toBe(label);
  });

  it.each(SERVICE_STATUSES)(
    'shows %s as a word and a sentence, never as the wire value',
    (status) => {
      const { label, detail } = serviceStatusWords(status);
      expect(label).toMatch(/^[A-Z][a-z]+$/);
      expect(detail).not.toContain(status);
      expect(detail).not.toMatch(/_/);
      expect(detail.length).toBeGreaterThan(10);
    },
  );

  it.each(SERVICE_STATUSES.map((status) => [status, isInProgressStatus(status)] as const))(
    'gives %s the progress tone exactly when it is in the in-progress group (%s)',
    (status, inProgress) => {
      expect(serviceStatusWords(status).tone === 'progress').toBe(inProgress);
    },
  );

  it.each([
    ['RUNNING', 'positive'],
    ['ERROR', 'negative'],
    ['UNAVAILABLE', 'caution'],
    ['SUSPENDED', 'neutral'],
  ] as const)('gives the settled status %s the %s tone', (status, tone) => {
    expect(serviceStatusWords(status).tone).toBe(tone);
  });
});
