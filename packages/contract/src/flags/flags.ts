/** The feature flags of spec section 3. Keys are wire names: never rename. */
export const FEATURE_FLAGS = [
  'billing.graphs',
  'debug.logs',
  'remote.server',
  'dashboard.console',
  'dashboard.token-page',
  'dashboard.kafka',
  'dashboard.kafka.scheduledUpdate',
  'rest.adapter.base.topic.path',
  'service.settings.console',
  'topicviews.v2',
  'dashboard.tours',
  'dashboard.feedback',
  'dashboard.notifications',
  'dashboard.evaluation',
] as const;

export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
