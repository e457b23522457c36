/** Business constants and limits of spec section 9 (and a few of sections 2 and 4). */

// Auth and polling
export const AUTH_COOKIE_NAME = 'auth';
export const AUTH_COOKIE_MAX_AGE_SECONDS = 24 * 60 * 60;
export const AUTH_COOKIE_SAME_SITE = 'strict';
export const SERVICE_STATUS_POLL_MS = 10_000;
export const LIVE_METRICS_POLL_MS = 15_000;
export const METRICS_AGE_TICK_MS = 1_000;
export const HOURLY_USAGE_REFRESH_MS = 60_000;

// UI timing
export const TOAST_DURATION_MS = 8_000;
export const TOAST_VARIANTS = ['danger', 'success', 'warning', 'info'] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];
export const DANGER_TOAST_TITLE = 'Error';
export const NOTIFICATION_REFRESH_DELAY_MS = 500;
export const NOTIFICATION_MENU_WIDTH_PX = 442;
export const MESSAGING_RECONNECT_DELAY_MS = 1_000;
export const CONSOLE_SSO_COOKIE_SECONDS = 30;
export const LOGOUT_AFTER_ACCOUNT_DELETION_MS = 1_000;
/** Spec section 2: a chunk-load failure reloads the page at most once per minute. */
export const CHUNK_RELOAD_MIN_INTERVAL_MS = 60_000;

// Plans and services
export const PLAN_NAMES = ['free', 'basic', 'business'] as const;
export const PLAN_SPEC_DISPLAY = {
  'spec-1': 'Free',
  'spec-2': 'Basic',
  'spec-3': 'Business',
} as const;
export const CUSTOM_PLAN_DISPLAY = 'Custom';
export const FREE_TRIAL_BILLING_PLAN = 'freeTrial';
export const FREE_TRIAL_TIERS = ['xsmall', 'small'] as const;
export const FREE_TRIAL_KAFKA_ADAPTER_LIMIT = 1;
/** Spec section 9 "Free trial terms": the trial's length, message cap, adapter limit and removal delay. */
export const FREE_TRIAL_DAYS = 30;
export const FREE_TRIAL_MESSAGE_CAP = 200_000_000;
export const FREE_TRIAL_ADAPTER_MESSAGE_LIMIT = 100_000_000;
export const FREE_TRIAL_REMOVAL_DAYS = 30;
/** Reminder e-mails (docs/decisions/025): days before the end, and the share of the message cap used. */
export const FREE_TRIAL_REMINDER_DAYS = [7, 3, 1] as const;
export const FREE_TRIAL_USAGE_REMINDER_PERCENT = 80;
export const SUPPORTED_VERSION_RANGE = { min: '6.6', max: '6.11' } as const;
export const SUPPORTED_VERSIONS = ['6.6', '6.7', '6.8', '6.9', '6.10', '6.11'] as const;
export const MENU_MIN_VERSIONS = { rest: '6.8', kafka: '6.9' } as const;
export const LEGACY_UPDATE_VERSION_PREFIX = '6.5.0';

// Kafka placeholders
export const HIDDEN_PASSWORD_PLACEHOLDER = '* * * * *';

// Usage periods
export const USAGE_PERIODS = ['hour', 'halfday', 'day', 'isoWeek', 'month'] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];
export const USAGE_PERIOD_LABELS = {
  hour: 'hourly',
  halfday: 'halfdaily',
  day: 'daily',
  isoWeek: 'weekly',
  month: 'monthly',
} as const satisfies Record<UsagePeriod, string>;
export const DEFAULT_USAGE_PERIOD: UsagePeriod = 'isoWeek';

// Tours and progress
export const TOUR_STAGE_PREFIX = 'featuretour-';
export const ALL_TOURS_OVERRIDE_STAGE = 'all-tours-override';
export const PROGRESS_STATUSES = ['PENDING', 'IN_PROGRESS', 'SKIPPED', 'COMPLETED'] as const;
export const CLIENT_TOUR_STATES = ['pending', 'started', 'skipped', 'finished'] as const;

// Marketplace, section 4
export const MARKETPLACE_SUBSCRIPTION_STATUSES = [
  'subscribe-success',
  'subscribe-fail',
  'unsubscribe-pending',
  'unsubscribe-success',
] as const;
export type MarketplaceSubscriptionStatus = (typeof MARKETPLACE_SUBSCRIPTION_STATUSES)[number];
export const EXPIRED_MARKETPLACE_STATUSES = ['subscribe-fail', 'unsubscribe-success'] as const;
export const MARKETPLACE_BILLING_PROVIDER = 'awsMarketplace';

// Account closure reasons, section 4
export const ACCOUNT_CLOSURE_REASONS = ['inactive', 'TRIAL_END', 'LIMIT_EXHAUSTED'] as const;
export const BLOCKING_CLOSURE_REASONS = ['TRIAL_END', 'LIMIT_EXHAUSTED'] as const;

// System principal, section 3
export const SYSTEM_PRINCIPAL_DEFAULT_NAME = 'admin';
export const SYSTEM_PRINCIPAL_DEFAULT_ROLE = 'ADMINISTRATOR';

// Free trial terms, section 9 (shown in the Terms side panel)
export const FREE_TRIAL_TERMS = [
  'XSmall and Small service sizes are allowed.',
  'The trial lasts 30 days and is capped at 200 million messages (more on request).',
  'One service on a single instance with no persistence.',
  'Adapter trial limit: 100 million messages.',
  'Reminder emails are sent during the trial.',
  'The service may be suspended at expiry without valid card details, then stays suspended for 30 days before permanent removal unless delayed.',
] as const;
