/**
 * User-facing texts of spec section 8, verbatim. Templated texts are functions so the wording
 * stays in one place. Wire/UX strings: never reword in passing.
 */

export const GENERAL_MESSAGES = {
  apiCallFailure: 'An API call failure occurred. Please contact support if the problem persists.',
  errorInContext: (context: string) => `An error was encountered in ${context}`,
  fallback: 'An error occurred',
  pageNotFound: 'This page could not be found',
  /** Prefix of server messages that show as a warning toast instead of an error toast. */
  warningPrefix: 'WARNING:',
} as const;

export const AUTH_MESSAGES = {
  loginFailed: 'Login failed - please check your credentials.',
  signupEmailSent:
    'A signup email has been sent. Please contact support if you encounter any problems.',
  accountDeleted: 'Your user account has been deleted',
} as const;

export const SERVICE_MESSAGES = {
  noScheduledUpdateForService: 'No scheduled update config found for service',
  noScheduledUpdateForAdapter: 'Scheduled update config not found for specified adapter',
  upgradePaymentProblem:
    'The service upgrade failed due to a payment related problem. Please check that the payment details on your account are correct and current.',
  resizePaymentProblem:
    'The cluster resize failed due to a payment related problem. Please check that the payment details on your account are correct and current.',
  errorUpdatingSubscription: 'Error updating subscription',
  versionNotSupported: (version: string) => `Version ${version} is not supported`,
} as const;

export const KAFKA_MESSAGES = {
  adapterCheckFailed:
    'WARNING: The Kafka adapter check failed. This is likely temporary on a new server; please try again shortly.',
  noPaymentMethod:
    "You don't have a payment method assigned to your account, and so are unable to create a new Kafka adapter.",
  freeTierNotPermitted:
    'At the free tier of this service, creating a Kafka adapter is not permitted.',
  freeTrialSingleAdapter:
    'For your free trial service only a single Kafka adapter instance is allowed. This additional request cannot proceed.',
  partialAdapterRecord: 'Warning: Received a partial kafka adapter record from API...',
  unexpectedScheduledUpdateResponse:
    'Unexpected response from scheduled update API. Version and timestamp properties were not present.',
  clusterOwnerNotFound:
    'A cluster id was provided to the connectivity test, but the owning adapter could not be located in store.',
  failedToTestConnection: 'failed to test connection to the gateway kafka cluster',
  /**
   * Ours (no spec text; docs/decisions/049): enabling or creating an adapter of a free trial service whose adapters
   * used the trial's FREE_TRIAL_ADAPTER_MESSAGE_LIMIT (section 9).
   */
  freeTrialAdapterLimitReached:
    'The Kafka adapters of this free trial service have used the 100 million messages the trial allows them, so a Kafka adapter cannot be activated until the service runs on its paid plan.',
} as const;

export const NOTIFICATION_MESSAGES = {
  unknownNotification: 'Notification handling error - the notification to be updated is unknown.',
  empty: 'No new notifications. Check back here for new platform announcements.',
} as const;

export const USAGE_MESSAGES = {
  unknownRange: 'Unknown range',
  noMetric: (type: string) => `No metric ${type} found`,
  noMetricValue: (type: string) => `No metric ${type} value found`,
} as const;

export const PRINCIPAL_MESSAGES = {
  updateFailedPrefix: 'Failed to update: ',
  passwordsMustMatch: 'Passwords must match',
} as const;

/** Messaging session preconditions, spec section 5. */
export const MESSAGING_SESSION_MESSAGES = {
  sessionExists: 'A session already exists',
  attemptUnderway: 'A connection attempt is underway',
  noAccessToken: 'No access token found',
  noService: 'No service provided',
  noServiceName: 'No service name found',
  noServiceRegion: 'No service region found',
} as const;

/** Success toasts, spec section 8. */
export const SUCCESS_MESSAGES = {
  apiAdded: 'API added successfully!',
  apiDeleted: 'API deleted successfully!',
  apiUpdated: 'API updated successfully!',
  endpointAdded: 'Endpoint added successfully!',
  endpointDeleted: 'Endpoint deleted successfully!',
  /** Ours: section 8 names no message for an endpoint's update; worded as its siblings (docs/decisions/053). */
  endpointUpdated: 'Endpoint updated successfully!',
  configurationSaved: (label: string) => `Configuration for cluster "${label}" now saved.`,
  publisherSaved: (label: string) => `Configuration for publisher "${label}" now saved.`,
  subscriberSaved: (label: string) => `Configuration for subscriber "${label}" now saved.`,
  adapterUpgradeScheduled: 'Adapter upgrade scheduled successfully.',
  adapterUpgradeCancelled: 'Scheduled adapter upgrade cancelled successfully.',
  alreadyLatestAdapterVersion: 'Already running latest adapter version',
} as const;

/** Texts of section 2 screens that are spec'd verbatim. */
export const SCREEN_TEXTS = {
  upgradeBlockText: 'Go to the next level',
  upgradeBlockButton: 'Upgrade your Plan',
  createTeamField: 'Team name',
  createTeamButton: 'Create new team',
  loggedInAs: (name: string, email: string) => `Logged in as ${name} (${email})`,
  featureTours: 'Feature tours',
  featureTourAvailable: 'Feature tour available',
  whatsNewCheckNow: 'Check now',
  whatsNewUnreadOnly: 'Show unread only',
  whatsNewMarkAllRead: 'Mark all as read',
  whatsNewReadMore: 'Read more',
  addAdminUser: 'Add admin user',
} as const;
