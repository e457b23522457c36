import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const serverDir = path.resolve(import.meta.dirname, '..');

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted a bad configuration');
}

describe('loadConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    expect(loadConfig({}, '/srv/herald')).toEqual({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      dataDir: '/srv/herald/data',
      databaseUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Herald Cloud <no-reply@localhost>',
      devMailOutbox: true,
      logLevel: 'info',
      flagsFile: path.join(serverDir, 'config', 'flags.json'),
      webDistDir: path.resolve(serverDir, '..', 'web', 'dist'),
      authSecret: undefined,
      authConnectionsFile: undefined,
      trustProxy: 0,
      catalogueFile: path.join(serverDir, 'config', 'catalogue.json'),
      serviceDomain: 'localhost',
      servicePortBase: 21883,
      servicePortCount: 1000,
      signupsPerAddress: undefined,
      logRetentionDays: 14,
      logMaxLinesPerService: 200_000,
      metricsScrapeSeconds: 15,
      metricsRetentionDays: 400,
      prometheusUrl: undefined,
      prometheusSdFile: '/srv/herald/data/prometheus/targets.json',
      marketplaceProvider: 'simulator',
      awsMarketplaceProductCode: undefined,
      awsRegion: 'us-east-1',
      awsMarketplaceEndpoint: undefined,
      paymentsProvider: 'builtin',
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      stripeApiUrl: undefined,
      restAdapterAllowedHosts: '',
    });
  });

  it('resolves DATA_DIR against the working directory by default', () => {
    expect(loadConfig({}).dataDir).toBe(path.resolve(process.cwd(), 'data'));
  });

  it('reads every variable when it is valid', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        PUBLIC_URL: 'https://herald.example.com/',
        DATA_DIR: 'var/herald',
        DATABASE_URL: 'postgres://herald:secret@db:5432/herald',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        MAIL_FROM: 'Herald <ops@example.com>',
        LOG_LEVEL: 'DEBUG',
        FLAGS_FILE: 'etc/flags.json',
        WEB_DIST_DIR: '/opt/herald/web',
        AUTH_SECRET: 'a'.repeat(64),
        AUTH_CONNECTIONS_FILE: 'etc/connections.json',
        TRUST_PROXY: '1',
        CATALOGUE_FILE: 'etc/catalogue.json',
        SERVICE_DOMAIN: 'Services.Example.com',
        SERVICE_PORT_BASE: '30000',
        SERVICE_PORT_COUNT: '50',
        SIGNUPS_PER_ADDRESS: '200',
        LOG_RETENTION_DAYS: '30',
        LOG_MAX_LINES_PER_SERVICE: '50000',
        METRICS_SCRAPE_SECONDS: '60',
        METRICS_RETENTION_DAYS: '90',
        PROMETHEUS_URL: 'http://prometheus:9090/',
        PROMETHEUS_SD_FILE: 'etc/targets.json',
        MARKETPLACE_PROVIDER: 'AWS',
        AWS_MARKETPLACE_PRODUCT_CODE: 'prod-abc123',
        AWS_REGION: 'eu-central-1',
        AWS_MARKETPLACE_ENDPOINT: 'http://127.0.0.1:4566/',
        PAYMENTS_PROVIDER: 'Stripe',
        STRIPE_SECRET_KEY: 'sk_test_0123456789abcdefghij',
        STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefghij',
        STRIPE_API_URL: 'http://127.0.0.1:12111/',
        REST_ADAPTER_ALLOWED_HOSTS: ' Prices.Internal , 127.0.0.1:8080,[::1]:9000',
      },
      '/srv',
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://herald.example.com',
      dataDir: '/srv/var/herald',
      databaseUrl: 'postgres://herald:secret@db:5432/herald',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Herald <ops@example.com>',
      devMailOutbox: false,
      logLevel: 'debug',
      flagsFile: '/srv/etc/flags.json',
      webDistDir: '/opt/herald/web',
      authSecret: 'a'.repeat(64),
      authConnectionsFile: '/srv/etc/connections.json',
      trustProxy: 1,
      catalogueFile: '/srv/etc/catalogue.json',
      serviceDomain: 'services.example.com',
      servicePortBase: 30000,
      servicePortCount: 50,
      signupsPerAddress: 200,
      logRetentionDays: 30,
      logMaxLinesPerService: 50_000,
      metricsScrapeSeconds: 60,
      metricsRetentionDays: 90,
      prometheusUrl: 'http://prometheus:9090',
      prometheusSdFile: '/srv/etc/targets.json',
      marketplaceProvider: 'aws',
      awsMarketplaceProductCode: 'prod-abc123',
      awsRegion: 'eu-central-1',
      awsMarketplaceEndpoint: 'http://127.0.0.1:4566',
      paymentsProvider: 'stripe',
      stripeSecretKey: 'sk_test_0123456789abcdefghij',
      stripeWebhookSecret: 'whsec_0123456789abcdefghij',
      stripeApiUrl: 'http://127.0.0.1:12111',
      restAdapterAllowedHosts: 'prices.internal,127.0.0.1:8080,[::1]:9000',
    });
  });

  it.each([
    ['SERVICE_DOMAIN', 'not a domain'],
    ['SERVICE_DOMAIN', '-bad.example'],
    ['SERVICE_PORT_BASE', '80'],
    ['SERVICE_PORT_BASE', 'abc'],
    ['SERVICE_PORT_COUNT', '0'],
    ['SIGNUPS_PER_ADDRESS', '0'],
    ['LOG_RETENTION_DAYS', '0'],
    ['LOG_MAX_LINES_PER_SERVICE', '10'],
    ['METRICS_SCRAPE_SECONDS', '0'],
    ['METRICS_RETENTION_DAYS', '1'],
    ['PROMETHEUS_URL', 'ftp://prometheus'],
    ['MARKETPLACE_PROVIDER', 'azure'],
    ['AWS_REGION', 'the moon'],
    ['AWS_MARKETPLACE_PRODUCT_CODE', 'has spaces'],
    ['AWS_MARKETPLACE_ENDPOINT', 'localhost:4566'],
    ['REST_ADAPTER_ALLOWED_HOSTS', 'http://10.0.0.1/'],
    ['REST_ADAPTER_ALLOWED_HOSTS', 'internal:99999'],
  ])('refuses %s=%j naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('names the REST adapter allow list entry that is not a host or host:port', () => {
    expect(configError({ REST_ADAPTER_ALLOWED_HOSTS: 'ok.internal, 10.0.0.1/8' })).toBe(
      'Invalid configuration: REST_ADAPTER_ALLOWED_HOSTS "10.0.0.1/8" is not a host or host:port (an IPv6 address goes in brackets)',
    );
  });

  it('refuses the AWS marketplace without its product code', () => {
    expect(() => loadConfig({ MARKETPLACE_PROVIDER: 'aws' })).toThrow(
      /AWS_MARKETPLACE_PRODUCT_CODE/,
    );
  });

  it.each([
    [{}, true],
    [{ NODE_ENV: 'development' }, true],
    [{ NODE_ENV: 'production' }, false],
    [{ SMTP_URL: 'smtp://mail.example.com:25' }, false],
    [{ NODE_ENV: 'production', DEV_MAIL_OUTBOX: 'on' }, true],
    [{ DEV_MAIL_OUTBOX: 'OFF' }, false],
    [{ SMTP_URL: 'smtp://mail.example.com:25', DEV_MAIL_OUTBOX: 'off' }, false],
  ])('serves the mail outbox viewer for %j: %s', (env, expected) => {
    expect(loadConfig(env).devMailOutbox).toBe(expected);
  });

  it('refuses DEV_MAIL_OUTBOX values other than on and off, and on together with SMTP_URL', () => {
    expect(configError({ DEV_MAIL_OUTBOX: 'yes' })).toBe(
      'Invalid configuration: DEV_MAIL_OUTBOX must be on or off (got "yes")',
    );
    expect(
      configError({ DEV_MAIL_OUTBOX: 'on', SMTP_URL: 'smtp://user:pass@mail.example.com:25' }),
    ).toMatch(/^Invalid configuration: DEV_MAIL_OUTBOX is on but SMTP_URL is set/);
  });

  it('derives PUBLIC_URL from PORT when only PORT is set', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('accepts a bare e-mail address as MAIL_FROM and postgresql:// as DATABASE_URL', () => {
    expect(
      loadConfig({
        MAIL_FROM: 'no-reply@localhost',
        DATABASE_URL: 'postgresql://localhost/herald',
      }),
    ).toMatchObject({
      mailFrom: 'no-reply@localhost',
      databaseUrl: 'postgresql://localhost/herald',
    });
  });

  it.each([
    [
      'PORT',
      'abc',
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "abc")',
    ],
    [
      'PORT',
      '70000',
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "70000")',
    ],
    [
      'PORT',
      '3.5',
      'Invalid configuration: PORT must be an integer between 0 and 65535 (got "3.5")',
    ],
    [
      'HOST',
      'http://localhost',
      'Invalid configuration: HOST must be a host name or an IP address',
    ],
    [
      'PUBLIC_URL',
      'localhost:3000',
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "localhost:3000")',
    ],
    [
      'PUBLIC_URL',
      'ftp://example.com',
      'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL',
    ],
    [
      'PUBLIC_URL',
      'https://example.com/?a=1',
      'Invalid configuration: PUBLIC_URL must be a plain URL',
    ],
    [
      'DATABASE_URL',
      'mysql://root:hunter2@db/herald',
      'Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    ],
    [
      'SMTP_URL',
      'http://mail',
      'Invalid configuration: SMTP_URL must be an smtp:// or smtps:// URL',
    ],
    ['MAIL_FROM', 'Herald Cloud', 'Invalid configuration: MAIL_FROM must be an e-mail address'],
    [
      'LOG_LEVEL',
      'verbose',
      'Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ],
    [
      'TRUST_PROXY',
      'yes',
      'Invalid configuration: TRUST_PROXY must be the number of reverse proxies',
    ],
    [
      'TRUST_PROXY',
      '11',
      'Invalid configuration: TRUST_PROXY must be the number of reverse proxies',
    ],
    ['AUTH_SECRET', 'short', 'Invalid configuration: AUTH_SECRET must be at least 32 characters'],
  ])('rejects %s=%s with a message naming the variable', (name, value, expected) => {
    expect(configError({ [name]: value })).toContain(expected);
  });

  it('never echoes a connection URL, which may hold a password', () => {
    const message = configError({
      DATABASE_URL: 'mysql://root:hunter2@db/herald',
      SMTP_URL: 'http://u:pw-secret@mail',
    });
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('pw-secret');
    expect(message).toContain('(value hidden: it may contain a password)');
  });

  it('never echoes AUTH_SECRET', () => {
    const message = configError({ AUTH_SECRET: 'hunter2-secret' });
    expect(message).not.toContain('hunter2-secret');
  });

  it('names every bad variable at once', () => {
    const message = configError({ PORT: 'abc', LOG_LEVEL: 'loud', PUBLIC_URL: 'nope' });
    expect(message).toMatch(/^Invalid configuration: /);
    expect(message).toContain('PORT must be');
    expect(message).toContain('LOG_LEVEL must be');
    expect(message).toContain('PUBLIC_URL must be');
  });
});
