import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Tessera's configuration, read once at start from the environment (and an optional .env file),
 * validated, frozen and passed down. Modules never read process.env themselves.
 */
export interface Config {
  readonly env: 'development' | 'production' | 'test';
  readonly host: string;
  readonly port: number;
  readonly publicUrl: string;
  readonly dataDir: string;
  readonly databaseUrl: string | null;
  readonly redisUrl: string | null;
  readonly logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  readonly logPretty: boolean;
  readonly bodyLimitBytes: number;
  readonly trustProxy: string | null;
  readonly corsOrigins: readonly string[];
  readonly baseDomain: string | null;
  /**
   * What a host no site claims gets: `loopback` sends localhost, 127.0.0.1 and [::1] to the first
   * site and refuses the rest; `reject` refuses all; `default-site` sends all to the first site.
   */
  readonly unknownHost: 'loopback' | 'reject' | 'default-site';
  /** Requests per minute per client for each group of spec 8, and for admin sessions (`session`). */
  readonly rateLimits: {
    readonly general: number;
    readonly upload: number;
    readonly search: number;
    readonly comments: number;
    readonly session: number;
  };
  readonly jobs: { readonly inProcess: boolean; readonly pollMs: number; readonly leaseSeconds: number };
  /** After SIGTERM, how long `/readyz` answers 503 before the listener closes (a balancer's notice). */
  readonly drainSeconds: number;
  readonly smtpUrl: string | null;
  readonly mailFrom: string;
  readonly admin: { readonly email: string | null; readonly password: string | null };
  /** TESSERA_USER_PASSWORD: the password `tessera user:create` gives when --password is not passed. */
  readonly userPassword: string | null;
  readonly sessions: { readonly idleMinutes: number; readonly absoluteHours: number };
  /** Activity log entries older than this are deleted by a daily job. */
  readonly activityRetentionDays: number;
  /** ANALYTICS: page views are recorded (each site may still turn it off in its settings). */
  readonly analytics: boolean;
  /**
   * `tessera serve`'s HTTP processes: 1 serves from the one process; more fork that many workers
   * sharing the port, with a primary that migrates, runs the jobs and keeps the shared counters.
   */
  readonly webConcurrency: number;
  /** Set by the primary in the workers it forks (TESSERA_CLUSTER_WORKER), never by an operator. */
  readonly clusterWorker: boolean;
  /** Base64 of 32 bytes that seals stored secrets; null: a key file under dataDir is used. */
  readonly secretKey: string | null;
  /** Where media files are kept (MEDIA_STORAGE) and the base their public URLs start with. */
  readonly storage: StorageConfig;
  /** The stock photo APIs (their public addresses; set otherwise only to test against a local server). */
  readonly stock: { readonly unsplashUrl: string; readonly pexelsUrl: string };
}

export interface StorageConfig {
  readonly driver: 'local' | 's3';
  /** MEDIA_URL: files are served from there (a CDN, a public bucket); null: by Tessera at /media. */
  readonly publicUrl: string | null;
  readonly s3: {
    readonly endpoint: string | null;
    readonly region: string;
    readonly bucket: string;
    readonly accessKeyId: string | null;
    readonly secretAccessKey: string | null;
    readonly forcePathStyle: boolean;
    readonly prefix: string;
  };
}

/** Thrown when a variable has a value Tessera cannot use; its message is the one line printed at start. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    accepts: string,
    got: string | null,
  ) {
    super(`Invalid configuration: ${variable} must be ${accepts}${got === null ? '' : ` (got "${got}")`}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads .env from `cwd` when present; variables already set in the environment win. */
export function readEnvironment(processEnv: Env, cwd: string): Env {
  const file = resolve(cwd, '.env');
  if (!existsSync(file)) return { ...processEnv };
  const fromFile = parseEnv(readFileSync(file, 'utf8'));
  return { ...fromFile, ...processEnv };
}

export function loadConfig(env: Env, cwd = process.cwd()): Config {
  const read = new EnvReader(env);
  const nodeEnv = read.oneOf('NODE_ENV', ['development', 'production', 'test'], 'development');
  const host = read.string('HOST', '127.0.0.1');
  const port = read.integer('PORT', 3000, 0, 65535);
  const config: Config = {
    env: nodeEnv,
    host,
    port,
    publicUrl: read.url('PUBLIC_URL', `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`, [
      'http:',
      'https:',
    ]),
    dataDir: resolve(cwd, read.string('DATA_DIR', './data')),
    databaseUrl: read.optionalUrl('DATABASE_URL', ['postgres:', 'postgresql:']),
    redisUrl: read.optionalUrl('REDIS_URL', ['redis:', 'rediss:']),
    logLevel: read.oneOf(
      'LOG_LEVEL',
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'],
      nodeEnv === 'test' ? 'silent' : 'info',
    ),
    logPretty: read.boolean('LOG_PRETTY', Boolean(process.stdout.isTTY) && nodeEnv !== 'production'),
    bodyLimitBytes: read.integer('BODY_LIMIT', 1_048_576, 1024, 1024 * 1024 * 1024),
    trustProxy: read.optionalString('TRUST_PROXY'),
    corsOrigins: read.list('CORS_ORIGINS'),
    baseDomain: read.optionalString('BASE_DOMAIN')?.toLowerCase() ?? null,
    unknownHost: read.oneOf('UNKNOWN_HOST', ['loopback', 'reject', 'default-site'], 'loopback'),
    rateLimits: {
      general: read.integer('RATE_LIMIT_GENERAL', 60, 1, 1_000_000),
      upload: read.integer('RATE_LIMIT_UPLOAD', 20, 1, 1_000_000),
      search: read.integer('RATE_LIMIT_SEARCH', 30, 1, 1_000_000),
      comments: read.integer('RATE_LIMIT_COMMENTS', 5, 1, 1_000_000),
      session: read.integer('RATE_LIMIT_SESSION', 600, 1, 1_000_000),
    },
    drainSeconds: read.integer('DRAIN_SECONDS', nodeEnv === 'test' ? 0 : 5, 0, 300),
    jobs: {
      inProcess: read.boolean('JOBS_IN_PROCESS', true),
      pollMs: read.integer('JOBS_POLL_MS', 1000, 10, 60_000),
      leaseSeconds: read.integer('JOBS_LEASE_SECONDS', 300, 1, 86_400),
    },
    smtpUrl: read.optionalUrl('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: read.string('MAIL_FROM', 'Tessera <no-reply@localhost>'),
    admin: {
      email: read.optionalString('TESSERA_ADMIN_EMAIL'),
      password: read.optionalString('TESSERA_ADMIN_PASSWORD'),
    },
    userPassword: read.optionalString('TESSERA_USER_PASSWORD'),
    sessions: {
      idleMinutes: read.integer('SESSION_IDLE_MINUTES', 120, 1, 525_600),
      absoluteHours: read.integer('SESSION_ABSOLUTE_HOURS', 24 * 7, 1, 24 * 366),
    },
    activityRetentionDays: read.integer('ACTIVITY_RETENTION_DAYS', 365, 1, 36_500),
    analytics: read.boolean('ANALYTICS', true),
    webConcurrency: read.concurrency('WEB_CONCURRENCY', 1),
    clusterWorker: read.boolean('TESSERA_CLUSTER_WORKER', false),
    secretKey: read.key32('SECRET_KEY'),
    storage: readStorage(read),
    stock: {
      unsplashUrl: read.url('STOCK_UNSPLASH_URL', 'https://api.unsplash.com', ['http:', 'https:']),
      pexelsUrl: read.url('STOCK_PEXELS_URL', 'https://api.pexels.com', ['http:', 'https:']),
    },
  };
  // A key file under DATA_DIR is per machine: instances sharing one database would each seal secrets
  // the others cannot open.
  if (config.databaseUrl !== null && config.secretKey === null) {
    throw new ConfigError(
      'SECRET_KEY',
      'set when DATABASE_URL is: every instance on the database must seal and open secrets with the same key (make one with `openssl rand -base64 32`)',
      null,
    );
  }
  return Object.freeze(config);
}

function readStorage(read: EnvReader): StorageConfig {
  const driver = read.oneOf('MEDIA_STORAGE', ['local', 's3'], 'local');
  const endpoint = read.optionalUrl('S3_ENDPOINT', ['http:', 'https:']);
  const bucket = read.string('S3_BUCKET', '');
  if (driver === 's3' && bucket === '')
    throw new ConfigError('S3_BUCKET', 'set when MEDIA_STORAGE is s3', null);
  return {
    driver,
    publicUrl: read.optionalUrl('MEDIA_URL', ['http:', 'https:']),
    s3: {
      endpoint,
      region: read.string('S3_REGION', 'us-east-1'),
      bucket,
      accessKeyId: read.optionalString('S3_ACCESS_KEY_ID'),
      secretAccessKey: read.optionalString('S3_SECRET_ACCESS_KEY'),
      // Servers other than AWS (MinIO, Garage, s3rver) mostly want bucket-in-path addresses.
      forcePathStyle: read.boolean('S3_FORCE_PATH_STYLE', endpoint !== null),
      prefix: read.string('S3_PREFIX', '').replace(/^\/+|\/+$/g, ''),
    },
  };
}

class EnvReader {
  constructor(private readonly env: Env) {}

  private raw(name: string): string | undefined {
    const value = this.env[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  }

  string(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  optionalString(name: string): string | null {
    return this.raw(name) ?? null;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(parsed) || parsed < min || parsed > max) {
      throw new ConfigError(name, `an integer from ${min} to ${max}`, value);
    }
    return parsed;
  }

  /** A number of processes from 1 to 64, or `auto` for one per core. */
  concurrency(name: string, fallback: number): number {
    if (this.raw(name)?.toLowerCase() === 'auto') return Math.min(64, availableParallelism());
    return this.integer(name, fallback, 1, 64);
  }

  boolean(name: string, fallback: boolean): boolean {
    const value = this.raw(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    throw new ConfigError(name, 'true or false', value);
  }

  oneOf<T extends string>(name: string, allowed: readonly T[], fallback: T): T {
    const value = this.raw(name);
    if (value === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(value)) {
      throw new ConfigError(name, `one of ${allowed.join(', ')}`, value);
    }
    return value as T;
  }

  /** A 32-byte key in base64 (`openssl rand -base64 32`). */
  key32(name: string): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || Buffer.from(value, 'base64').length !== 32) {
      throw new ConfigError(
        name,
        '32 random bytes in base64, e.g. from `openssl rand -base64 32`',
        '[hidden]',
      );
    }
    return value;
  }

  list(name: string): string[] {
    const value = this.raw(name);
    if (value === undefined) return [];
    return value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }

  url(name: string, fallback: string, protocols: readonly string[]): string {
    return this.optionalUrl(name, protocols) ?? fallback;
  }

  optionalUrl(name: string, protocols: readonly string[]): string | null {
    const value = this.raw(name);
    if (value === undefined) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      throw new ConfigError(name, `a URL starting with ${protocols.join(' or ')}//`, value);
    }
    if (!protocols.includes(parsed.protocol)) {
      throw new ConfigError(name, `a URL starting with ${protocols.join(' or ')}//`, value);
    }
    return value.replace(/\/+$/, '');
  }
}
