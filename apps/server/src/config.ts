import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllowedHosts } from '@herald/contract/rest-adapters/allowed-hosts';
import { z } from 'zod';
import { StartupError } from './lib/startup-error';

/** The server package directory: defaults that ship with the code resolve here, not against the cwd. */
const serverPackageDir = fileURLToPath(new URL('..', import.meta.url));

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  port: number;
  host: string;
  /** Origin (and optional path) users reach, without a trailing slash. */
  publicUrl: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under `dataDir/db`. */
  databaseUrl: string | undefined;
  /** Unset: mail goes to the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Whether the operator's outbox viewer (/_dev/mail) is served: DEV_MAIL_OUTBOX, by default on only while mail goes
   * to the outbox (no SMTP_URL) and NODE_ENV is not `production`. Even on, it answers only loopback callers holding
   * the operator token (docs/decisions/011).
   */
  devMailOutbox: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  flagsFile: string;
  webDistDir: string;
  /**
   * Signs identity cookies and state; unset: generated once and kept in `dataDir/auth-secret`
   * (resolveAuthSecret). Never logged.
   */
  authSecret: string | undefined;
  /** JSON list of the operator's social and SSO (OpenID Connect) connections; unset: none. */
  authConnectionsFile: string | undefined;
  /**
   * How many reverse-proxy hops in front of the server to trust for X-Forwarded-For; 0 (the default): none, the
   * client address is the socket's.
   */
  trustProxy: number;
  /** The service catalogue behind GET /v3/metadata (tiers, versions, regions); an operator edits it. */
  catalogueFile: string;
  /**
   * Services are reached at `{serviceName}.{region}.{serviceDomain}` (MQTT over WebSocket through this server's
   * port). The default `localhost` works on one machine: browsers resolve every `*.localhost` to loopback.
   */
  serviceDomain: string;
  /** First MQTT/TCP port handed to services; each service keeps its port for life. */
  servicePortBase: number;
  /** How many ports from `servicePortBase` may be handed out (the most services this server runs). */
  servicePortCount: number;
  /**
   * Sign-ups one client address may make in an hour; unset: the default of plugins/rate-limit.ts (20). An office
   * behind one address, or a test run that signs up many people from loopback, raises it.
   */
  signupsPerAddress: number | undefined;
  /** Log lines (collected and event logs) older than this many days are dropped (whole daily partitions). */
  logRetentionDays: number;
  /** At most this many log lines are kept per service; the oldest go first. */
  logMaxLinesPerService: number;
  /** How often the control plane scrapes each running runtime's /metrics into the database metrics store. */
  metricsScrapeSeconds: number;
  /** Usage samples older than this many days are dropped (minute samples become hourly after a day). */
  metricsRetentionDays: number;
  /**
   * Set: the Prometheus metrics store. Usage is answered by PromQL from this server; the provisioner writes file-based
   * service discovery to `prometheusSdFile` for it to scrape; the control plane scrapes nothing itself.
   */
  prometheusUrl: string | undefined;
  /** Where the file-based service discovery targets are written (only with prometheusUrl). */
  prometheusSdFile: string;
  /**
   * The marketplace (docs/decisions/026): `simulator` (the default), the local subscription simulator in this server's
   * database; `aws`, AWS Marketplace through the official SDK clients (credentials from the SDK's default chain).
   */
  marketplaceProvider: 'simulator' | 'aws';
  /** The listing's product code (required with `aws`; the simulator uses it when set). */
  awsMarketplaceProductCode: string | undefined;
  /** AWS region of the marketplace APIs (the entitlement service lives in us-east-1). */
  awsRegion: string;
  /** A custom marketplace endpoint (tests: the in-repo fake); unset: AWS's. */
  awsMarketplaceEndpoint: string | undefined;
  /**
   * Who takes payments (docs/decisions/023): `builtin` (the default), the built-in checkout with Stripe's test cards
   * kept in this server's database; `stripe`, Stripe through its official SDK.
   */
  paymentsProvider: 'builtin' | 'stripe';
  /** Stripe's secret API key (only with PAYMENTS_PROVIDER=stripe). Never logged. */
  stripeSecretKey: string | undefined;
  /** The signing secret of the Stripe webhook endpoint (`whsec_...`; only with PAYMENTS_PROVIDER=stripe). Never logged. */
  stripeWebhookSecret: string | undefined;
  /** A Stripe-compatible API base URL instead of api.stripe.com (the test fake); unset in production. */
  stripeApiUrl: string | undefined;
  /**
   * REST_ADAPTER_ALLOWED_HOSTS (issue 28): the private, loopback, link-local or metadata hosts the REST adapter may
   * poll although it refuses such addresses otherwise; comma-separated `host` or `host:port`, validated at start
   * (contract allowed-hosts.ts) and handed to the adapter process as written. Empty: none.
   */
  restAdapterAllowedHosts: string;
}

export class ConfigError extends StartupError {
  override name = 'ConfigError';
}

/** Values that may carry a password are never echoed back into logs or terminals. */
const SECRET_VARIABLES = new Set([
  'DATABASE_URL',
  'SMTP_URL',
  'AUTH_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
]);

function got(name: string, value: string): string {
  return SECRET_VARIABLES.has(name)
    ? '(value hidden: it may contain a password)'
    : `(got ${JSON.stringify(value)})`;
}

function fail(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

const port = z.string().transform((value, ctx) => {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number > 65535) {
    return fail(ctx, `must be an integer between 0 and 65535 ${got('PORT', value)}`);
  }
  return number;
});

const host = z.string().transform((value, ctx) => {
  // A host name, IPv4 or IPv6 address: no scheme, port, path or spaces (those belong in PUBLIC_URL).
  if (!/^[A-Za-z0-9.:%-]+$/.test(value)) {
    return fail(
      ctx,
      `must be a host name or an IP address to listen on, such as 127.0.0.1 or 0.0.0.0 ${got('HOST', value)}`,
    );
  }
  return value;
});

function urlWithProtocols(name: string, protocols: readonly string[], description: string) {
  return z.string().transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return fail(ctx, `must be ${description} ${got(name, value)}`);
    }
    if (!protocols.includes(url.protocol) || !url.hostname) {
      return fail(ctx, `must be ${description} ${got(name, value)}`);
    }
    return value;
  });
}

const publicUrl = urlWithProtocols(
  'PUBLIC_URL',
  ['http:', 'https:'],
  'an http:// or https:// URL',
).transform((value, ctx) => {
  const url = new URL(value);
  if (url.search || url.hash || url.username || url.password) {
    return fail(
      ctx,
      `must be a plain URL without credentials, query or fragment ${got('PUBLIC_URL', value)}`,
    );
  }
  return url.href.replace(/\/+$/, '');
});

const mailFrom = z.string().transform((value, ctx) => {
  // `address` or `Display Name <address>` (RFC 5322 name-addr, simplified): what nodemailer accepts.
  if (!/^(?:[^<>@]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(value.trim())) {
    return fail(
      ctx,
      `must be an e-mail address, optionally with a name: Name <address@example.com> ${got('MAIL_FROM', value)}`,
    );
  }
  return value.trim();
});

const logLevel = z.string().transform((value, ctx) => {
  const level = value.toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(level)) {
    return fail(ctx, `must be one of ${LOG_LEVELS.join(', ')} ${got('LOG_LEVEL', value)}`);
  }
  return level as Config['logLevel'];
});

const filePath = z.string();

const authSecret = z.string().transform((value, ctx) => {
  if (value.trim().length < 32) {
    return fail(
      ctx,
      `must be at least 32 characters of random text, e.g. from \`openssl rand -hex 32\` ${got('AUTH_SECRET', value)}`,
    );
  }
  return value.trim();
});

const trustProxy = z.string().transform((value, ctx) => {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number > 10) {
    return fail(
      ctx,
      `must be the number of reverse proxies in front of the server, 0 to 10 (0: trust no X-Forwarded-For) ${got('TRUST_PROXY', value)}`,
    );
  }
  return number;
});

const serviceDomain = z.string().transform((value, ctx) => {
  const domain = value.trim().toLowerCase();
  if (!/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(domain)) {
    return fail(
      ctx,
      `must be a DNS domain such as localhost or services.example.com ${got('SERVICE_DOMAIN', value)}`,
    );
  }
  return domain;
});

function integerBetween(name: string, min: number, max: number) {
  return z.string().transform((value, ctx) => {
    const number = Number(value.trim());
    if (!/^\d+$/.test(value.trim()) || number < min || number > max) {
      return fail(ctx, `must be an integer from ${min} to ${max} ${got(name, value)}`);
    }
    return number;
  });
}

function onOff(name: string) {
  return z.string().transform((value, ctx) => {
    const word = value.trim().toLowerCase();
    if (word !== 'on' && word !== 'off') return fail(ctx, `must be on or off ${got(name, value)}`);
    return word === 'on';
  });
}

const environmentSchema = z.object({
  PORT: port.optional(),
  HOST: host.optional(),
  PUBLIC_URL: publicUrl.optional(),
  DATA_DIR: filePath.optional(),
  DATABASE_URL: urlWithProtocols(
    'DATABASE_URL',
    ['postgres:', 'postgresql:'],
    'a postgres:// or postgresql:// connection URL',
  ).optional(),
  SMTP_URL: urlWithProtocols(
    'SMTP_URL',
    ['smtp:', 'smtps:'],
    'an smtp:// or smtps:// URL',
  ).optional(),
  MAIL_FROM: mailFrom.optional(),
  LOG_LEVEL: logLevel.optional(),
  FLAGS_FILE: filePath.optional(),
  WEB_DIST_DIR: filePath.optional(),
  AUTH_SECRET: authSecret.optional(),
  AUTH_CONNECTIONS_FILE: filePath.optional(),
  TRUST_PROXY: trustProxy.optional(),
  CATALOGUE_FILE: filePath.optional(),
  SERVICE_DOMAIN: serviceDomain.optional(),
  SERVICE_PORT_BASE: integerBetween('SERVICE_PORT_BASE', 1024, 65000).optional(),
  SERVICE_PORT_COUNT: integerBetween('SERVICE_PORT_COUNT', 1, 10000).optional(),
  DEV_MAIL_OUTBOX: onOff('DEV_MAIL_OUTBOX').optional(),
  SIGNUPS_PER_ADDRESS: integerBetween('SIGNUPS_PER_ADDRESS', 1, 100000).optional(),
  LOG_RETENTION_DAYS: integerBetween('LOG_RETENTION_DAYS', 1, 3650).optional(),
  LOG_MAX_LINES_PER_SERVICE: integerBetween(
    'LOG_MAX_LINES_PER_SERVICE',
    1000,
    100_000_000,
  ).optional(),
  METRICS_SCRAPE_SECONDS: integerBetween('METRICS_SCRAPE_SECONDS', 1, 3600).optional(),
  METRICS_RETENTION_DAYS: integerBetween('METRICS_RETENTION_DAYS', 2, 3650).optional(),
  PROMETHEUS_URL: urlWithProtocols(
    'PROMETHEUS_URL',
    ['http:', 'https:'],
    'an http:// or https:// URL of a Prometheus server',
  ).optional(),
  PROMETHEUS_SD_FILE: filePath.optional(),
  MARKETPLACE_PROVIDER: z
    .string()
    .transform((value, ctx) => {
      const word = value.trim().toLowerCase();
      if (word !== 'simulator' && word !== 'aws') {
        return fail(ctx, `must be simulator or aws ${got('MARKETPLACE_PROVIDER', value)}`);
      }
      return word;
    })
    .optional(),
  AWS_MARKETPLACE_PRODUCT_CODE: z
    .string()
    .transform((value, ctx) => {
      if (!/^[A-Za-z0-9_-]{1,255}$/.test(value.trim())) {
        return fail(
          ctx,
          `must be the listing's product code (letters, digits, - and _) ${got('AWS_MARKETPLACE_PRODUCT_CODE', value)}`,
        );
      }
      return value.trim();
    })
    .optional(),
  AWS_REGION: z
    .string()
    .transform((value, ctx) => {
      if (!/^[a-z]{2}(-[a-z]+)+-\d$/.test(value.trim())) {
        return fail(ctx, `must be an AWS region such as us-east-1 ${got('AWS_REGION', value)}`);
      }
      return value.trim();
    })
    .optional(),
  AWS_MARKETPLACE_ENDPOINT: urlWithProtocols(
    'AWS_MARKETPLACE_ENDPOINT',
    ['http:', 'https:'],
    'an http:// or https:// URL',
  ).optional(),
  PAYMENTS_PROVIDER: z
    .string()
    .transform((value, ctx) => {
      const word = value.trim().toLowerCase();
      if (word !== 'builtin' && word !== 'stripe') {
        return fail(ctx, `must be builtin or stripe ${got('PAYMENTS_PROVIDER', value)}`);
      }
      return word;
    })
    .optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: urlWithProtocols(
    'STRIPE_API_URL',
    ['http:', 'https:'],
    'an http:// or https:// URL of a Stripe-compatible API',
  ).optional(),
  REST_ADAPTER_ALLOWED_HOSTS: z
    .string()
    .transform((value, ctx) => {
      const parsed = parseAllowedHosts(value);
      // The contract's message already names the variable: the issue carries the rest of it.
      if (!parsed.ok) return fail(ctx, parsed.error.replace(/^REST_ADAPTER_ALLOWED_HOSTS: /, ''));
      return parsed.hosts
        .map(({ host: name, port: number }) => {
          const shown = name.includes(':') ? `[${name}]` : name;
          return number === null ? shown : `${shown}:${number}`;
        })
        .join(',');
    })
    .optional(),
  NODE_ENV: z.string().optional(),
});

type Environment = Record<string, string | undefined>;

/**
 * Reads the server's configuration from environment variables (ARCHITECTURE "Configuration").
 * Empty values count as unset. Relative paths given in the environment resolve against the working directory;
 * the defaults for FLAGS_FILE and WEB_DIST_DIR resolve against the server package so that they work from any cwd.
 * Throws a ConfigError naming every bad variable.
 */
export function loadConfig(env: Environment = process.env, cwd: string = process.cwd()): Config {
  const present = Object.fromEntries(
    Object.keys(environmentSchema.shape)
      .map((name) => [name, env[name]] as const)
      .filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const result = environmentSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${String(issue.path[0])} ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = result.data;
  if (values.DEV_MAIL_OUTBOX === true && values.SMTP_URL) {
    throw new ConfigError(
      'Invalid configuration: DEV_MAIL_OUTBOX is on but SMTP_URL is set, so no mail goes to the outbox: unset one of them',
    );
  }
  if (values.MARKETPLACE_PROVIDER === 'aws' && !values.AWS_MARKETPLACE_PRODUCT_CODE) {
    throw new ConfigError(
      "Invalid configuration: MARKETPLACE_PROVIDER is aws but AWS_MARKETPLACE_PRODUCT_CODE is not set: set the listing's product code",
    );
  }
  const resolvedPort = values.PORT ?? 3000;
  return {
    port: resolvedPort,
    host: values.HOST ?? '127.0.0.1',
    publicUrl: values.PUBLIC_URL ?? `http://localhost:${resolvedPort}`,
    dataDir: path.resolve(cwd, values.DATA_DIR ?? './data'),
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM ?? 'Herald Cloud <no-reply@localhost>',
    devMailOutbox:
      values.DEV_MAIL_OUTBOX ?? (!values.SMTP_URL && values.NODE_ENV?.trim() !== 'production'),
    logLevel: values.LOG_LEVEL ?? 'info',
    flagsFile: values.FLAGS_FILE
      ? path.resolve(cwd, values.FLAGS_FILE)
      : path.join(serverPackageDir, 'config', 'flags.json'),
    webDistDir: values.WEB_DIST_DIR
      ? path.resolve(cwd, values.WEB_DIST_DIR)
      : path.resolve(serverPackageDir, '..', 'web', 'dist'),
    authSecret: values.AUTH_SECRET,
    authConnectionsFile: values.AUTH_CONNECTIONS_FILE
      ? path.resolve(cwd, values.AUTH_CONNECTIONS_FILE)
      : undefined,
    trustProxy: values.TRUST_PROXY ?? 0,
    catalogueFile: values.CATALOGUE_FILE
      ? path.resolve(cwd, values.CATALOGUE_FILE)
      : path.join(serverPackageDir, 'config', 'catalogue.json'),
    serviceDomain: values.SERVICE_DOMAIN ?? 'localhost',
    servicePortBase: values.SERVICE_PORT_BASE ?? 21883,
    servicePortCount: values.SERVICE_PORT_COUNT ?? 1000,
    signupsPerAddress: values.SIGNUPS_PER_ADDRESS,
    logRetentionDays: values.LOG_RETENTION_DAYS ?? 14,
    logMaxLinesPerService: values.LOG_MAX_LINES_PER_SERVICE ?? 200_000,
    metricsScrapeSeconds: values.METRICS_SCRAPE_SECONDS ?? 15,
    metricsRetentionDays: values.METRICS_RETENTION_DAYS ?? 400,
    prometheusUrl: values.PROMETHEUS_URL?.replace(/\/+$/, ''),
    prometheusSdFile: path.resolve(
      cwd,
      values.PROMETHEUS_SD_FILE ??
        path.join(values.DATA_DIR ?? './data', 'prometheus', 'targets.json'),
    ),
    marketplaceProvider: values.MARKETPLACE_PROVIDER ?? 'simulator',
    awsMarketplaceProductCode: values.AWS_MARKETPLACE_PRODUCT_CODE,
    awsRegion: values.AWS_REGION ?? 'us-east-1',
    awsMarketplaceEndpoint: values.AWS_MARKETPLACE_ENDPOINT?.replace(/\/+$/, ''),
    paymentsProvider: values.PAYMENTS_PROVIDER ?? 'builtin',
    stripeSecretKey: values.STRIPE_SECRET_KEY?.trim(),
    stripeWebhookSecret: values.STRIPE_WEBHOOK_SECRET?.trim(),
    stripeApiUrl: values.STRIPE_API_URL?.replace(/\/+$/, ''),
    restAdapterAllowedHosts: values.REST_ADAPTER_ALLOWED_HOSTS ?? '',
  };
}
