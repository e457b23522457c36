import { defaultUsageStep } from './usage-aggregate';

/**
 * What one usage call may ask (docs/decisions/022): a range of at most 400 days (the longest retention we offer,
 * METRICS_RETENTION_DAYS' default) and at most 10,000 series steps, so one call stays a bounded amount of work.
 */
export const USAGE_MAX_RANGE_SECONDS = 400 * 86_400;
export const USAGE_MAX_STEPS = 10_000;

export interface UsageLimitProblem {
  /** The query parameter at fault, as the error envelope's issue path names it. */
  field: 'to' | 'customStep';
  message: string;
}

/** The step a usage call uses: the caller's, or the default for the range. */
export function usageStep(query: { from: number; to: number; customStep?: number }): number {
  return query.customStep ?? defaultUsageStep(query.from, query.to);
}

/** Null when the call is within the limits, else the problem (for a 400 naming the parameter). */
export function usageLimitProblem(query: {
  from: number;
  to: number;
  customStep?: number;
}): UsageLimitProblem | null {
  const span = query.to - query.from;
  if (span > USAGE_MAX_RANGE_SECONDS) {
    return { field: 'to', message: 'The range from from to to is longer than 400 days' };
  }
  const steps = Math.ceil(span / usageStep(query));
  if (steps > USAGE_MAX_STEPS) {
    return {
      field: 'customStep',
      message: `customStep gives ${steps} steps over the range; at most ${USAGE_MAX_STEPS} are allowed`,
    };
  }
  return null;
}
