import { describe, expect, it } from 'vitest';
import { describeDays, describeMessages } from './invoice-line-text';
import {
  invoiceLinesForMonth,
  linesTotal,
  usageByPlan,
  usageWindowsForMonth,
  type PlanStretch,
  type PricedPlan,
} from './invoice-lines';

const PLANS: PricedPlan[] = [
  { billingPlan: 'free', displayName: 'Free', pricing: { perNode: 0, perMillionMessages: 0 } },
  {
    billingPlan: 'xsmall',
    displayName: 'XSmall',
    pricing: { perNode: 2900, perMillionMessages: 50 },
  },
  {
    billingPlan: 'small',
    displayName: 'Small',
    pricing: { perNode: 9900, perMillionMessages: 40 },
  },
  { billingPlan: 'flat', displayName: 'Flat', pricing: { perNode: 1000 } },
];

const at = (iso: string) => Date.parse(iso) / 1000;

function stretch(
  billingPlan: string,
  nodes: number,
  start: string,
  end: string | null,
  serviceId = 'svc_a',
  serviceName = 'alpha',
): PlanStretch {
  return {
    serviceId,
    serviceName,
    billingPlan,
    nodes,
    start: at(start),
    end: end === null ? null : at(end),
  };
}

type Row = [
  label: string,
  month: { year: number; month: number },
  stretches: PlanStretch[],
  expected: [string, number][],
];

describe('invoiceLinesForMonth: rate lines', () => {
  it.each<Row>([
    [
      'a whole 30-day month on one node',
      { year: 2026, month: 11 },
      [stretch('xsmall', 1, '2026-10-03T00:00:00Z', null)],
      [['XSmall plan, 1 node, 1–30 Nov', 2900]],
    ],
    [
      'a plan change mid-month to a 3-node HA cluster',
      { year: 2026, month: 11 },
      [
        stretch('xsmall', 1, '2026-11-01T00:00:00Z', '2026-11-16T00:00:00Z'),
        stretch('small', 3, '2026-11-16T00:00:00Z', null),
      ],
      [
        ['XSmall plan, 1 node, 1–15 Nov', 1450],
        ['Small plan, 3 nodes, 16–30 Nov', 14850],
      ],
    ],
    [
      'a partial month rounds up to the cent (20.5 of 30 days)',
      { year: 2026, month: 11 },
      [stretch('xsmall', 1, '2026-11-10T12:00:00Z', null)],
      [['XSmall plan, 1 node, 10–30 Nov', 1982]],
    ],
    [
      'the last 14 days of a 28-day February',
      { year: 2027, month: 2 },
      [stretch('xsmall', 1, '2027-02-15T00:00:00Z', null)],
      [['XSmall plan, 1 node, 15–28 Feb', 1450]],
    ],
    [
      'the last 15 days of a 29-day February',
      { year: 2028, month: 2 },
      [stretch('xsmall', 1, '2028-02-15T00:00:00Z', null)],
      [['XSmall plan, 1 node, 15–29 Feb', 1500]],
    ],
    [
      'the last 15 days of a 31-day month (1403.2 cents up to 1404)',
      { year: 2027, month: 1 },
      [stretch('xsmall', 1, '2027-01-17T00:00:00Z', null)],
      [['XSmall plan, 1 node, 17–31 Jan', 1404]],
    ],
    [
      'a free-trial stretch is not invoiced; the paid rest is',
      { year: 2026, month: 11 },
      [
        stretch('freeTrial', 1, '2026-10-20T00:00:00Z', '2026-11-11T00:00:00Z'),
        stretch('xsmall', 1, '2026-11-11T00:00:00Z', null),
      ],
      [['XSmall plan, 1 node, 11–30 Nov', 1934]],
    ],
    [
      'a Free plan stretch costs nothing and is left out',
      { year: 2026, month: 11 },
      [stretch('free', 1, '2026-11-01T00:00:00Z', null)],
      [],
    ],
    [
      'a service cancelled mid-month is billed to its cancellation',
      { year: 2026, month: 11 },
      [stretch('small', 1, '2026-09-01T00:00:00Z', '2026-11-04T06:00:00Z')],
      // 3.25 days of 30: 9900 × 280,800 / 2,592,000 = 1072.5 → 1073
      [['Small plan, 1 node, 1–4 Nov', 1073]],
    ],
    [
      'a suspension and resume at the same plan reads as one line',
      { year: 2026, month: 11 },
      [
        stretch('xsmall', 1, '2026-11-01T00:00:00Z', '2026-11-10T00:00:00Z'),
        stretch('xsmall', 1, '2026-11-10T00:00:00Z', null),
      ],
      [['XSmall plan, 1 node, 1–30 Nov', 2900]],
    ],
    [
      'a single second costs a cent (rounded up per line)',
      { year: 2026, month: 11 },
      [stretch('xsmall', 1, '2026-11-05T10:00:00Z', '2026-11-05T10:00:01Z')],
      [['XSmall plan, 1 node, 5 Nov', 1]],
    ],
    [
      'stretches outside the month are ignored',
      { year: 2026, month: 11 },
      [
        stretch('xsmall', 1, '2026-09-01T00:00:00Z', '2026-11-01T00:00:00Z'),
        stretch('xsmall', 1, '2026-12-01T00:00:00Z', null),
      ],
      [],
    ],
  ])('%s', (_label, month, stretches, expected) => {
    const { lines, unpricedPlans } = invoiceLinesForMonth({
      month,
      stretches,
      plans: PLANS,
      usage: [],
    });
    expect(lines.map((line) => [line.name, line.amount])).toEqual(expected);
    expect(lines.every((line) => line.chargeType === 'rate')).toBe(true);
    expect(unpricedPlans).toEqual([]);
  });

  it('keeps the clipped period and node count on each line', () => {
    const { lines } = invoiceLinesForMonth({
      month: { year: 2026, month: 11 },
      stretches: [stretch('small', 3, '2026-10-01T00:00:00Z', '2026-11-16T00:00:00Z')],
      plans: PLANS,
      usage: [],
    });
    expect(lines).toEqual([
      expect.objectContaining({
        serviceId: 'svc_a',
        serviceName: 'alpha',
        entityType: 'service',
        billingPlan: 'small',
        nodes: 3,
        quantity: null,
        periodStart: at('2026-11-01T00:00:00Z'),
        periodEnd: at('2026-11-16T00:00:00Z'),
        amount: 14850,
      }),
    ]);
  });
});

describe('invoiceLinesForMonth: usage lines and the whole invoice', () => {
  it('prices a month of two services across a plan change, rates then usage per service', () => {
    const { lines } = invoiceLinesForMonth({
      month: { year: 2026, month: 11 },
      stretches: [
        stretch('xsmall', 1, '2026-11-01T00:00:00Z', '2026-11-16T00:00:00Z', 'svc_b', 'bravo'),
        stretch('small', 3, '2026-11-16T00:00:00Z', null, 'svc_b', 'bravo'),
        stretch('xsmall', 1, '2026-10-01T00:00:00Z', null, 'svc_a', 'alpha'),
        stretch('free', 1, '2026-10-01T00:00:00Z', null, 'svc_c', 'charlie'),
      ],
      plans: PLANS,
      usage: [
        { serviceId: 'svc_b', billingPlan: 'xsmall', billedMessages: 12_345_678 },
        { serviceId: 'svc_b', billingPlan: 'small', billedMessages: 2_000_000 },
        { serviceId: 'svc_a', billingPlan: 'xsmall', billedMessages: 0 },
        { serviceId: 'svc_c', billingPlan: 'free', billedMessages: 90_000_000 },
      ],
    });
    expect(
      lines.map((line) => [line.serviceName, line.chargeType, line.name, line.amount]),
    ).toEqual([
      ['alpha', 'rate', 'XSmall plan, 1 node, 1–30 Nov', 2900],
      ['bravo', 'rate', 'XSmall plan, 1 node, 1–15 Nov', 1450],
      ['bravo', 'rate', 'Small plan, 3 nodes, 16–30 Nov', 14850],
      // 12,345,678 × 50 / 1e6 = 617.28 → 618; 2,000,000 × 40 / 1e6 = 80.
      ['bravo', 'usage', '12.3 million messages, XSmall plan', 618],
      ['bravo', 'usage', '2 million messages, Small plan', 80],
    ]);
    expect(lines.find((line) => line.chargeType === 'usage')?.quantity).toBe(12_345_678);
    expect(linesTotal(lines)).toBe(2900 + 1450 + 14850 + 618 + 80);
  });

  it('does not charge usage on a plan without a usage price or in a free trial', () => {
    const { lines } = invoiceLinesForMonth({
      month: { year: 2026, month: 11 },
      stretches: [stretch('flat', 1, '2026-11-01T00:00:00Z', null)],
      plans: PLANS,
      usage: [
        { serviceId: 'svc_a', billingPlan: 'flat', billedMessages: 5_000_000 },
        { serviceId: 'svc_a', billingPlan: 'freeTrial', billedMessages: 5_000_000 },
      ],
    });
    expect(lines.map((line) => line.chargeType)).toEqual(['rate']);
  });

  it('names plans the catalogue does not price instead of guessing', () => {
    const result = invoiceLinesForMonth({
      month: { year: 2026, month: 11 },
      stretches: [stretch('retired', 1, '2026-11-01T00:00:00Z', null)],
      plans: PLANS,
      usage: [{ serviceId: 'svc_a', billingPlan: 'retired', billedMessages: 10 }],
    });
    expect(result).toEqual({ lines: [], unpricedPlans: ['retired'] });
  });
});

describe('usageWindowsForMonth and usageByPlan', () => {
  it('measures each billed stretch inside the month, up to now for the month in progress', () => {
    const windows = usageWindowsForMonth({
      month: { year: 2026, month: 11 },
      stretches: [
        stretch('freeTrial', 1, '2026-10-20T00:00:00Z', '2026-11-05T00:00:00Z'),
        stretch('xsmall', 1, '2026-11-05T00:00:00Z', '2026-11-20T00:00:00Z'),
        stretch('small', 3, '2026-11-20T00:00:00Z', null),
      ],
      until: at('2026-11-25T00:00:00Z'),
    });
    expect(windows).toEqual([
      {
        serviceId: 'svc_a',
        serviceName: 'alpha',
        billingPlan: 'xsmall',
        from: at('2026-11-05T00:00:00Z'),
        to: at('2026-11-20T00:00:00Z'),
      },
      {
        serviceId: 'svc_a',
        serviceName: 'alpha',
        billingPlan: 'small',
        from: at('2026-11-20T00:00:00Z'),
        to: at('2026-11-25T00:00:00Z'),
      },
    ]);
  });

  it('adds up windows of one service and plan', () => {
    expect(
      usageByPlan([
        { serviceId: 'a', billingPlan: 'xsmall', billedMessages: 5 },
        { serviceId: 'a', billingPlan: 'small', billedMessages: 7 },
        { serviceId: 'a', billingPlan: 'xsmall', billedMessages: 10 },
      ]),
    ).toEqual([
      { serviceId: 'a', billingPlan: 'xsmall', billedMessages: 15 },
      { serviceId: 'a', billingPlan: 'small', billedMessages: 7 },
    ]);
  });
});

describe('line texts', () => {
  it.each([
    [0, '0 messages'],
    [1, '1 message'],
    [999_999, '999,999 messages'],
    [1_000_000, '1 million messages'],
    [12_345_678, '12.3 million messages'],
    [12_399_999, '12.3 million messages'],
    [999_999_999, '999.9 million messages'],
    [1_234_567_890, '1.2 billion messages'],
  ])('%i billed messages read as %j', (messages, text) => {
    expect(describeMessages(messages)).toBe(text);
  });

  it.each([
    ['2026-11-01T00:00:00Z', '2026-12-01T00:00:00Z', '1–30 Nov'],
    ['2026-11-05T10:00:00Z', '2026-11-05T10:00:01Z', '5 Nov'],
    ['2026-11-05T10:00:00Z', '2026-11-06T00:00:00Z', '5 Nov'],
    ['2026-11-05T10:00:00Z', '2026-11-06T00:00:01Z', '5–6 Nov'],
  ])('[%s, %s) reads as %j', (start, end, text) => {
    expect(describeDays(at(start), at(end))).toBe(text);
  });
});
