import { FREE_TRIAL_BILLING_PLAN } from '@herald/contract/constants';

/**
 * The part of the control plane's environment a service runtime inherits. A runtime needs no secret of the control
 * plane (AUTH_SECRET, DATABASE_URL, SMTP_URL, payment keys): it verifies tokens against the JWKS it is given. So it
 * gets only what Node.js itself uses and the operator's `HERALD_*` runtime settings (for example
 * HERALD_MAX_MESSAGE_BYTES); the provisioner adds the service's own settings on top.
 */
const INHERITED = [
  'PATH',
  'HOME',
  'TMPDIR',
  'TZ',
  'LANG',
  'LC_ALL',
  'NODE_ENV',
  'NODE_EXTRA_CA_CERTS',
];

/** The provisioner's to give (the installation's metrics secret, only with PROMETHEUS_URL), never inherited. */
const NOT_INHERITED = ['HERALD_METRICS_TOKEN'];

export function runtimeBaseEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || NOT_INHERITED.includes(name)) continue;
    if (INHERITED.includes(name) || name.startsWith('HERALD_')) inherited[name] = value;
  }
  return inherited;
}

/**
 * The service's plan settings for its runtime: a free trial runs without topic persistence (spec section 9 "no
 * persistence", docs/decisions/025). A trial converted to a paid plan keeps this until its runtime next starts.
 */
export function planRuntimeEnv(row: { billingPlan: string }): Record<string, string> {
  return row.billingPlan === FREE_TRIAL_BILLING_PLAN ? { HERALD_TOPIC_PERSISTENCE: 'off' } : {};
}
