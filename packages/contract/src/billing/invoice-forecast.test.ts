import { describe, expect, it } from 'vitest';
import { forecastForMonth, summaryLineName } from './invoice-forecast';
import type { PricedPlan } from './invoice-lines';

const PLANS: PricedPlan[] = [
  { billingPlan: 'free', displayName: 'Free', pricing: { perNode: 0 } },
  {
    billingPlan: 'small',
    displayName: 'Small',
    pricing: { perNode: 9900, perMillionMessages: 40 },
  },
];
const at = (iso: string) => Date.parse(iso) / 1000;

describe('forecastForMonth', () => {
  it('rates the whole month at the current plan, adds usage so far, leaves free services out', () => {
    const forecast = forecastForMonth({
      month: { year: 2026, month: 11 },
      stretches: [
        {
          serviceId: 's1',
          serviceName: 'zeta',
          billingPlan: 'small',
          nodes: 3,
          start: at('2026-11-16T00:00:00Z'),
          end: null,
        },
        {
          serviceId: 's2',
          serviceName: 'free-one',
          billingPlan: 'free',
          nodes: 1,
          start: at('2026-01-01T00:00:00Z'),
          end: null,
        },
        {
          serviceId: 's3',
          serviceName: 'alpha',
          billingPlan: 'small',
          nodes: 1,
          start: at('2026-10-01T00:00:00Z'),
          end: at('2026-11-11T00:00:00Z'),
        },
      ],
      plans: PLANS,
      usage: [{ serviceId: 's1', billingPlan: 'small', billedMessages: 1_500_000 }],
    });
    expect(forecast).toEqual([
      {
        serviceName: 'alpha',
        lineItems: [
          {
            entityType: 'service',
            chargeType: 'rate',
            price: { amount: 3300 },
            name: 'Small plan, 1 node, 1–10 Nov',
          },
        ],
      },
      {
        serviceName: 'zeta',
        lineItems: [
          {
            entityType: 'service',
            chargeType: 'rate',
            price: { amount: 14850 },
            name: 'Small plan, 3 nodes, 16–30 Nov',
          },
          {
            entityType: 'service',
            chargeType: 'usage',
            price: { amount: 60 },
            name: '1.5 million messages, Small plan',
          },
        ],
      },
    ]);
  });

  it('names a service by its label when it has one, as every other screen does (issue 25)', () => {
    const stretch = (serviceId: string, serviceName: string) => ({
      serviceId,
      serviceName,
      billingPlan: 'small',
      nodes: 1,
      start: at('2026-11-01T00:00:00Z'),
      end: null,
    });
    const forecast = forecastForMonth({
      month: { year: 2026, month: 11 },
      stretches: [
        stretch('s1', 'weather-station'),
        stretch('s2', 'no-label'),
        stretch('s3', 'gone'),
      ],
      plans: PLANS,
      usage: [],
      labels: new Map([
        ['s1', 'Weather station'],
        ['s2', null],
      ]),
    });
    // In the order of service names, as before.
    expect(forecast.map(({ serviceName, label }) => ({ serviceName, label }))).toEqual([
      { serviceName: 'gone', label: undefined },
      { serviceName: 'no-label', label: undefined },
      { serviceName: 'weather-station', label: 'Weather station' },
    ]);
    expect(forecast[1]).not.toHaveProperty('label');
  });

  it('is empty without charged services', () => {
    expect(
      forecastForMonth({
        month: { year: 2026, month: 11 },
        stretches: [],
        plans: PLANS,
        usage: [],
      }),
    ).toEqual([]);
  });
});

describe('summaryLineName', () => {
  it('names the service on a summary line', () => {
    expect(summaryLineName('alpha', 'Small plan, 1 node, 1–10 Nov')).toBe(
      'alpha: Small plan, 1 node, 1–10 Nov',
    );
  });
});
