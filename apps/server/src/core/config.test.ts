import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, readEnvironment } from './config.js';

const TEST_KEY = Buffer.alloc(32, 7).toString('base64');

describe('loadConfig', () => {
  it('gives the documented defaults', () => {
    const config = loadConfig({}, '/srv/tessera');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe('/srv/tessera/data');
    expect(config.databaseUrl).toBeNull();
    expect(config.rateLimits).toEqual({ general: 60, upload: 20, search: 30, comments: 5, session: 600 });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads overrides', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATABASE_URL: 'postgres://u@db/tessera',
        SECRET_KEY: TEST_KEY,
        RATE_LIMIT_SEARCH: '5',
        CORS_ORIGINS: 'https://a.test, https://b.test',
      },
      '/srv',
    );
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBe('postgres://u@db/tessera');
    expect(config.rateLimits.search).toBe(5);
    expect(config.corsOrigins).toEqual(['https://a.test', 'https://b.test']);
  });

  it.each([
    ['PORT', 'abc', 'PORT must be an integer from 0 to 65535'],
    ['PORT', '70000', 'PORT must be an integer from 0 to 65535'],
    ['DATABASE_URL', 'mysql://x', 'DATABASE_URL must be a URL starting with postgres: or postgresql:'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL must be one of'],
    ['JOBS_IN_PROCESS', 'maybe', 'JOBS_IN_PROCESS must be true or false'],
    ['RATE_LIMIT_GENERAL', '0', 'RATE_LIMIT_GENERAL must be an integer from 1'],
    ['SECRET_KEY', 'too-short', 'SECRET_KEY must be 32 random bytes in base64'],
  ])('rejects %s=%s with one line naming the variable', (name, value, expected) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message).toContain(expected);
    expect((error as Error).message).not.toContain('\n');
    if (name === 'SECRET_KEY') expect((error as Error).message).not.toContain(value);
  });
});

describe('SECRET_KEY with DATABASE_URL', () => {
  it('is required, in one line naming SECRET_KEY', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'postgres://u@db/tessera' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe('SECRET_KEY');
    expect((error as Error).message).toMatch(
      /^Invalid configuration: SECRET_KEY must be set when DATABASE_URL is/,
    );
    expect((error as Error).message).not.toContain('\n');
  });

  it('is optional on SQLite (a key file under DATA_DIR)', () => {
    expect(loadConfig({}).secretKey).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/tessera', SECRET_KEY: TEST_KEY }).secretKey).toBe(
      TEST_KEY,
    );
  });
});

describe('readEnvironment', () => {
  it('reads .env from the working directory, the real environment winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-env-'));
    try {
      writeFileSync(
        join(dir, '.env'),
        '# comment\nPORT=4100\nHOST="0.0.0.0"\nMAIL_FROM=Site <site@example.test>\n',
      );
      const env = readEnvironment({ HOST: '127.0.0.2' }, dir);
      const config = loadConfig(env, dir);
      expect(config.port).toBe(4100);
      expect(config.host).toBe('127.0.0.2');
      expect(config.mailFrom).toBe('Site <site@example.test>');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('works without a .env file', () => {
    expect(readEnvironment({ PORT: '1' }, tmpdir())).toMatchObject({ PORT: '1' });
  });
});
