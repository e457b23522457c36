import {
  subscriberTopicSpec,
  topicParents,
  type SubscriberValueKind,
} from '@herald/contract/kafka/subscriber-topics';
import type { SubscriberTopicProperties } from '@herald/contract/kafka/kafka-adapter.schema';
import type { RuntimeAdmin, TopicSpec } from '@herald/adapter-kit/runtime-admin';

/**
 * Creates a subscriber's topics before their first value (issue 27 item 2): once per path while the runtime runs
 * (forgotten on a reconnection, since a restarted runtime may have lost memory-only topics), parents first when
 * the subscriber creates the hierarchy. A topic that already exists is kept as it is: its type and properties are
 * what the value is checked against.
 */
export interface TopicEnsurer {
  ensure(path: string, kind: SubscriberValueKind): Promise<TopicSpec>;
  forget(): void;
}

export function createTopicEnsurer(
  admin: RuntimeAdmin,
  settings: { topicProperties: SubscriberTopicProperties; createTopicHierarchy: boolean },
): TopicEnsurer {
  let known = new Map<string, TopicSpec>();

  async function existingOr(path: string, wanted: TopicSpec): Promise<TopicSpec> {
    const cached = known.get(path);
    if (cached) return cached;
    const spec = (await admin.getTopic(path)) ?? (await admin.putTopic(path, wanted));
    known.set(path, spec);
    return spec;
  }

  return {
    async ensure(path, kind) {
      const cached = known.get(path);
      if (cached) return cached;
      if (settings.createTopicHierarchy) {
        // A parent holds no value of its own: a JSON topic with the subscriber's persistence.
        const parentSpec = subscriberTopicSpec(
          { ...settings.topicProperties, timeSeries: false },
          'json',
        );
        for (const parent of topicParents(path)) await existingOr(parent, parentSpec);
      }
      return existingOr(path, subscriberTopicSpec(settings.topicProperties, kind));
    },
    forget() {
      known = new Map();
    },
  };
}
