import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './config.js';

/**
 * Query parameters whose values are secrets (the setup link's `token`, reset tokens, keys): their
 * values never reach a log line.
 */
const SECRET_PARAMETER = /token|secret|password|key|signature|code/i;

/** The URL with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const parameters = url
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: judge the name as sent.
      }
      return SECRET_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, query)}?${parameters.join('&')}`;
}

/** What a log line says of a request: never its headers or body, and its URL redacted. */
interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
}

function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}

/**
 * JSON lines in production; pretty, coloured lines when a person is watching a terminal. `destination`
 * replaces stdout (tests capture the output through it).
 */
export function createLogger(
  config: Pick<Config, 'logLevel' | 'logPretty'>,
  destination?: DestinationStream,
): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    serializers: { req: serializeRequest },
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
  };
  if (config.logPretty) {
    // In-process rather than a transport thread: pretty output is for a person at a terminal, and a
    // request's line says it all (method, URL, status, time), so its fields are not repeated below it.
    return pino(
      options,
      pretty({
        colorize: destination === undefined && Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname,req,res,responseTime',
        singleLine: true,
        destination: destination ?? 1,
        sync: destination !== undefined,
      }),
    );
  }
  return destination ? pino(options, destination) : pino(options);
}
