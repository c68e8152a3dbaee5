import pino, { type Logger } from 'pino';
import type { Config } from './config.js';

/** JSON lines in production; pretty, coloured lines when a person is watching a terminal. */
export function createLogger(config: Pick<Config, 'logLevel' | 'logPretty'>): Logger {
  return pino({
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'password',
        '*.password',
      ],
      censor: '[redacted]',
    },
    ...(config.logPretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
          },
        }
      : {}),
  });
}
