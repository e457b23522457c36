import { describe, expect, it } from 'vitest';
import { SERVICE_STATUSES } from '../services/service-status';
import { statusOfPhase } from './workload-status';
import type { WorkloadPhase } from './workload-status';

describe('the status written for each workload phase (spec section 4)', () => {
  it.each([
    ['stopped', 'SUSPENDED'],
    ['pending', 'POD_PENDING'],
    ['starting', 'POD_INITIALIZING'],
    ['resetting', 'POD_INITIALIZING'],
    ['registering', 'POD_RUNNING_PENDING_DNS'],
    ['serving', 'RUNNING'],
    ['failed', 'ERROR'],
  ] as const)('%s is %s', (phase: WorkloadPhase, status) => {
    expect(statusOfPhase(phase)).toBe(status);
    expect(SERVICE_STATUSES).toContain(status);
  });
});
