import { describe, expect, it } from 'vitest';
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
    ['INSTAGRAM_URL', { INSTAGRAM_URL: 'instagram' }],
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

describe('EVENTS_DRIVER', () => {
  it('defaults to PostgreSQL LISTEN/NOTIFY with a database server, in-process otherwise', () => {
    expect(loadConfig({}).EVENTS_DRIVER).toBe('in-process');
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }).EVENTS_DRIVER).toBe('postgres');
  });

  it('refuses postgres without DATABASE_URL', () => {
    expect(() => loadConfig({ EVENTS_DRIVER: 'postgres' })).toThrow(/EVENTS_DRIVER/);
  });
});
