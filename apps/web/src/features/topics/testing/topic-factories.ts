import type { Topic } from '@herald/contract/topics/topic.schema';

/** A topic as the API answers it. */
export function buildTopic(overrides: Partial<Topic> = {}): Topic {
  return {
    path: 'sensors/room1/temperature',
    type: 'JSON',
    properties: {},
    value: { celsius: 21.5 },
    updatedAt: '2026-11-24T01:00:00.000Z',
    ...overrides,
  };
}
