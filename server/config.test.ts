import { describe, expect, it } from 'vitest';
import { DEFAULT_DATABASE_LIMITS } from './db/limits';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on embedded defaults with nothing set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      MAIL_DRIVER: 'outbox',
      STORAGE_DRIVER: 'disk',
      EVENTS_DRIVER: 'in-process',
      PUBLIC_URL: 'http://localhost:3000',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.BETA_ACCESS_CODE).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['MAIL_DRIVER', { MAIL_DRIVER: 'pigeon' }],
    ['SMTP_URL', { MAIL_DRIVER: 'smtp' }],
    ['APP_SECRET', { NODE_ENV: 'production' }],
    ['PAYMENTS_PROVIDER', { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) }],
    [
      'DEV_MAILBOX',
      {
        NODE_ENV: 'production',
        APP_SECRET: 'x'.repeat(40),
        ALLOW_TEST_PAYMENTS: 'true',
        DEV_MAILBOX: 'true',
      },
    ],
    ['INSTAGRAM_URL', { INSTAGRAM_URL: 'instagram' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['METRICS_PORT', { METRICS_PORT: '3000' }],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }],
    ['REDIS_URL', { REDIS_URL: 'http://127.0.0.1:6379' }],
  ])('stops with a message naming %s', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`\\b${name}\\b`));
  });

  it('treats an empty optional variable as unset', () => {
    const config = loadConfig({ BETA_ACCESS_CODE: '', DATABASE_URL: '' });
    expect(config.BETA_ACCESS_CODE).toBeUndefined();
    expect(config.DATABASE_URL).toBeUndefined();
  });
});

describe('APP_SECRET_PREVIOUS', () => {
  it('is an empty list when unset', () => {
    expect(loadConfig({}).APP_SECRET_PREVIOUS).toEqual([]);
  });

  it('reads a comma-separated list, spaces and empty entries ignored', () => {
    const [first, second] = ['a'.repeat(32), 'b'.repeat(40)];
    expect(
      loadConfig({ APP_SECRET_PREVIOUS: ` ${first} ,, ${second}` }).APP_SECRET_PREVIOUS,
    ).toEqual([first, second]);
  });

  it('refuses a secret shorter than 32 characters', () => {
    const env = { APP_SECRET_PREVIOUS: `${'a'.repeat(32)},short` };
    expect(() => loadConfig(env)).toThrow(/\bAPP_SECRET_PREVIOUS\b/);
  });
});

describe('the database limits', () => {
  it('default to DEFAULT_DATABASE_LIMITS and migrating at start', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_POOL_SIZE: DEFAULT_DATABASE_LIMITS.poolSize,
      DATABASE_CONNECT_TIMEOUT_MS: DEFAULT_DATABASE_LIMITS.connectTimeoutMs,
      DATABASE_STATEMENT_TIMEOUT_MS: DEFAULT_DATABASE_LIMITS.statementTimeoutMs,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs,
      MIGRATE_ON_START: true,
    });
  });

  it('take 0 as no statement limit, and refuse a pool of none or a fraction', () => {
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).DATABASE_STATEMENT_TIMEOUT_MS).toBe(
      0,
    );
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).MIGRATE_ON_START).toBe(false);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_MS: '1.5' })).toThrow(
      /DATABASE_CONNECT_TIMEOUT_MS/,
    );
  });
});

describe('EVENTS_DRIVER', () => {
  it('defaults to PostgreSQL LISTEN/NOTIFY with a database server, in-process otherwise', () => {
    expect(loadConfig({}).EVENTS_DRIVER).toBe('in-process');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).EVENTS_DRIVER).toBe('postgres');
  });

  it('refuses postgres without DATABASE_URL', () => {
    expect(() => loadConfig({ EVENTS_DRIVER: 'postgres' })).toThrow(/EVENTS_DRIVER/);
  });
});

describe('SHUTDOWN_DRAIN_MS', () => {
  it('is 2 s in production and none elsewhere, unless set, and at most 5 s', () => {
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ALLOW_TEST_PAYMENTS: 'true',
    };
    expect(loadConfig(production).SHUTDOWN_DRAIN_MS).toBe(2000);
    expect(loadConfig({}).SHUTDOWN_DRAIN_MS).toBe(0);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '750' }).SHUTDOWN_DRAIN_MS).toBe(750);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '9000' })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });
});

describe('PAYMENTS_PROVIDER', () => {
  it('defaults to the local provider', () => {
    expect(loadConfig({}).PAYMENTS_PROVIDER).toBe('local');
  });

  it('refuses the test provider in production unless ALLOW_TEST_PAYMENTS says so', () => {
    const production = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(/PAYMENTS_PROVIDER: is the test provider/);
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' }).PAYMENTS_PROVIDER).toBe(
      'local',
    );
    expect(
      loadConfig({
        ...production,
        PAYMENTS_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_live_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }).PAYMENTS_PROVIDER,
    ).toBe('stripe');
  });

  it('needs both Stripe secrets for stripe, naming each missing one', () => {
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY: is required when PAYMENTS_PROVIDER=stripe/,
    );
    expect(() =>
      loadConfig({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET: is required when PAYMENTS_PROVIDER=stripe/);
    const config = loadConfig({
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    });
    expect(config).toMatchObject({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' });
    expect(config.STRIPE_API_BASE).toBeUndefined();
  });

  it('accepts only an http(s) URL as STRIPE_API_BASE', () => {
    expect(loadConfig({ STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe(
      'http://127.0.0.1:12111',
    );
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://127.0.0.1' })).toThrow(/STRIPE_API_BASE/);
    expect(() => loadConfig({ PAYMENTS_PROVIDER: 'paypal' })).toThrow(/PAYMENTS_PROVIDER/);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no forwarded header unless told which proxies to believe', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
  });

  it('takes a number of proxy hops or a list of proxy addresses and ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5' }).TRUST_PROXY).toEqual(['10.0.0.5']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.0.1.0/24,::1,fd00::/8,loopback' }).TRUST_PROXY,
    ).toEqual(['10.0.0.5', '10.0.1.0/24', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true at start-up, naming the variable and what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust any client's own X-Forwarded-For: .*TRUST_PROXY=1 behind one proxy/,
    );
  });

  it.each([
    'yes',
    'on',
    '0',
    '11',
    '-1',
    '1.5',
    '10.0.0.300',
    '10.0.0.0/33',
    'proxy.example',
    '10.0.0.1,',
  ])('refuses %j', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: must be a number/);
  });
});
