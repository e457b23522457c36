import { describe, expect, it } from 'vitest';
import { FREE_TRIAL_MESSAGE_CAP } from '../constants';
import { trialStep } from './free-trial-step';
import type { TrialState, TrialStep } from './free-trial-step';
import { DAY_MS, removalDueAt, trialEndsAt } from './free-trial-timeline';
import type { TrialReminder } from './free-trial-timeline';

const START = Date.UTC(2027, 0, 10, 9, 30);
const END = trialEndsAt(START);

function trial(overrides: Partial<TrialState> = {}): TrialState {
  return {
    phase: 'trial',
    endsAt: END,
    messagesUsed: 0,
    hasValidCard: false,
    removalDueAt: null,
    sentReminders: [],
    ...overrides,
  };
}

/** Runs the scheduler's loop in memory: applies each step as the server does, until nothing is due. */
function drive(start: TrialState, now: number): { state: TrialState; steps: TrialStep[] } {
  let state = start;
  const steps: TrialStep[] = [];
  for (let guard = 0; guard < 10; guard += 1) {
    const step = trialStep(state, now);
    if (step.kind === 'none') return { state, steps };
    steps.push(step);
    if (step.kind === 'remind')
      state = { ...state, sentReminders: [...state.sentReminders, step.reminder] };
    if (step.kind === 'convert') state = { ...state, phase: 'paid' };
    if (step.kind === 'suspend')
      state = { ...state, phase: 'suspended', removalDueAt: removalDueAt(now) };
    if (step.kind === 'remove') state = { ...state, phase: 'removed' };
  }
  throw new Error('the trial never settled');
}

describe('trialEndsAt', () => {
  it('ends exactly 30 days (720 hours) after the start', () => {
    expect(END - START).toBe(30 * DAY_MS);
    expect(new Date(END).toISOString()).toBe('2027-02-09T09:30:00.000Z');
  });
});

describe('trialStep during the trial', () => {
  it.each<[string, number, readonly TrialReminder[], TrialStep]>([
    ['the first day', START, [], { kind: 'none' }],
    ['just before 7 days are left', END - 7 * DAY_MS - 1, [], { kind: 'none' }],
    [
      'exactly 7 days before the end',
      END - 7 * DAY_MS,
      [],
      { kind: 'remind', reminder: 'ends-in-7d' },
    ],
    ['7 days before, once sent', END - 7 * DAY_MS, ['ends-in-7d'], { kind: 'none' }],
    [
      'exactly 3 days before the end',
      END - 3 * DAY_MS,
      ['ends-in-7d'],
      { kind: 'remind', reminder: 'ends-in-3d' },
    ],
    ['3 days before, once sent', END - 2 * DAY_MS, ['ends-in-7d', 'ends-in-3d'], { kind: 'none' }],
    [
      'exactly 1 day before the end',
      END - DAY_MS,
      ['ends-in-7d', 'ends-in-3d'],
      { kind: 'remind', reminder: 'ends-in-1d' },
    ],
    [
      '1 ms before the end, all sent',
      END - 1,
      ['ends-in-7d', 'ends-in-3d', 'ends-in-1d'],
      { kind: 'none' },
    ],
    // A control plane that was down for days sends only the most urgent reminder, and never an older one after it.
    [
      '2 days before, nothing sent yet',
      END - 2 * DAY_MS,
      [],
      { kind: 'remind', reminder: 'ends-in-3d' },
    ],
    [
      '12 hours before, nothing sent yet',
      END - DAY_MS / 2,
      [],
      { kind: 'remind', reminder: 'ends-in-1d' },
    ],
    ['12 hours before, only 1 day sent', END - DAY_MS / 2, ['ends-in-1d'], { kind: 'none' }],
  ])('at %s', (_label, now, sentReminders, expected) => {
    expect(trialStep(trial({ sentReminders }), now)).toEqual(expected);
  });

  it('reminds once at 80 % of the message cap', () => {
    const threshold = FREE_TRIAL_MESSAGE_CAP * 0.8;
    expect(trialStep(trial({ messagesUsed: threshold - 1 }), START)).toEqual({ kind: 'none' });
    expect(trialStep(trial({ messagesUsed: threshold }), START)).toEqual({
      kind: 'remind',
      reminder: 'usage-80',
    });
    expect(
      trialStep(trial({ messagesUsed: threshold, sentReminders: ['usage-80'] }), START),
    ).toEqual({
      kind: 'none',
    });
  });

  it('reminds of the end before the usage when both are due, then of the usage', () => {
    const { steps } = drive(
      trial({ messagesUsed: FREE_TRIAL_MESSAGE_CAP * 0.9 }),
      END - 6 * DAY_MS,
    );
    expect(steps).toEqual([
      { kind: 'remind', reminder: 'ends-in-7d' },
      { kind: 'remind', reminder: 'usage-80' },
    ]);
  });
});

describe('trialStep at the end', () => {
  it('suspends with TRIAL_END at exactly 30 days without a card, not 1 ms before', () => {
    expect(trialStep(trial({ sentReminders: ['ends-in-1d'] }), END - 1)).toEqual({ kind: 'none' });
    expect(trialStep(trial(), END)).toEqual({ kind: 'suspend', reason: 'TRIAL_END' });
  });

  it('converts to paid at exactly 30 days with a valid card', () => {
    expect(trialStep(trial({ hasValidCard: true }), END)).toEqual({ kind: 'convert' });
  });

  it('sends no reminder at or after the end', () => {
    expect(drive(trial(), END).steps).toEqual([{ kind: 'suspend', reason: 'TRIAL_END' }]);
  });

  it('suspends with LIMIT_EXHAUSTED when the cap is reached, before the end', () => {
    expect(
      trialStep(
        trial({ messagesUsed: FREE_TRIAL_MESSAGE_CAP - 1, sentReminders: ['usage-80'] }),
        START,
      ),
    ).toEqual({
      kind: 'none',
    });
    expect(trialStep(trial({ messagesUsed: FREE_TRIAL_MESSAGE_CAP }), START)).toEqual({
      kind: 'suspend',
      reason: 'LIMIT_EXHAUSTED',
    });
  });

  it('names the end when the cap and the end come together', () => {
    expect(trialStep(trial({ messagesUsed: FREE_TRIAL_MESSAGE_CAP }), END)).toEqual({
      kind: 'suspend',
      reason: 'TRIAL_END',
    });
  });

  it('converts at the cap when a card is on file', () => {
    expect(
      trialStep(trial({ messagesUsed: FREE_TRIAL_MESSAGE_CAP, hasValidCard: true }), START),
    ).toEqual({
      kind: 'convert',
    });
  });

  it('honours a raised cap (more on request)', () => {
    expect(
      trialStep(
        trial({
          messagesUsed: FREE_TRIAL_MESSAGE_CAP,
          messageCap: 2 * FREE_TRIAL_MESSAGE_CAP,
          sentReminders: [],
        }),
        START,
      ),
    ).toEqual({ kind: 'none' });
  });
});

describe('trialStep after a suspension', () => {
  const suspendedAt = END;
  const suspended = trial({ phase: 'suspended', removalDueAt: removalDueAt(suspendedAt) });

  it('keeps it suspended until exactly 30 days later, then removes it', () => {
    expect(trialStep(suspended, suspendedAt + 30 * DAY_MS - 1)).toEqual({ kind: 'none' });
    expect(trialStep(suspended, suspendedAt + 30 * DAY_MS)).toEqual({ kind: 'remove' });
  });

  it('waits for a delayed removal date', () => {
    const delayed = { ...suspended, removalDueAt: suspendedAt + 45 * DAY_MS };
    expect(trialStep(delayed, suspendedAt + 30 * DAY_MS)).toEqual({ kind: 'none' });
    expect(trialStep(delayed, suspendedAt + 45 * DAY_MS)).toEqual({ kind: 'remove' });
  });

  it('resumes on the paid plan once a valid card is on file', () => {
    expect(trialStep({ ...suspended, hasValidCard: true }, suspendedAt + DAY_MS)).toEqual({
      kind: 'convert',
    });
  });

  it('removes rather than resumes once the removal date has come', () => {
    expect(trialStep({ ...suspended, hasValidCard: true }, suspendedAt + 30 * DAY_MS)).toEqual({
      kind: 'remove',
    });
  });

  it.each(['paid', 'removed'] as const)('does nothing more once %s', (phase) => {
    expect(
      trialStep(trial({ phase, messagesUsed: FREE_TRIAL_MESSAGE_CAP }), END + 100 * DAY_MS),
    ).toEqual({
      kind: 'none',
    });
  });
});

describe('a whole trial, day by day', () => {
  it('sends each reminder once, suspends at the end and removes 30 days later', () => {
    let state = trial();
    const seen: string[] = [];
    for (let now = START; now <= END + 31 * DAY_MS; now += DAY_MS / 4) {
      const result = drive(state, now);
      state = result.state;
      for (const step of result.steps) {
        const day = Math.round(((now - START) / DAY_MS) * 4) / 4;
        seen.push(
          `${String(day)}:${step.kind}${'reminder' in step ? `:${step.reminder}` : ''}${'reason' in step ? `:${step.reason}` : ''}`,
        );
      }
    }
    expect(seen).toEqual([
      '23:remind:ends-in-7d',
      '27:remind:ends-in-3d',
      '29:remind:ends-in-1d',
      '30:suspend:TRIAL_END',
      '60:remove',
    ]);
  });
});
