import type { IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPrivateAddress, PrivateAddressRefused } from './address-guard.js';

export interface DownloadOptions {
  /** Loopback, private and link-local addresses allowed (an intranet source, tests). */
  allowPrivate: boolean;
  headers?: Record<string, string>;
  timeoutMs?: number;
  maxRedirects?: number;
}

/** Why a download did not happen; the message is for the person who asked for it. */
export class DownloadFailed extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
  }
}

/**
 * GETs a URL for a server-side import and answers the response stream (status 200). Each address
 * the connection uses is checked, redirects included, so neither the URL nor a redirect nor a DNS
 * answer can point the server at its own private network unless `allowPrivate`.
 */
export async function download(url: string, options: DownloadOptions): Promise<IncomingMessage> {
  let current = url;
  for (let hop = 0; hop <= (options.maxRedirects ?? 3); hop++) {
    const response = await get(current, options);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = new URL(response.headers.location, current).toString();
      continue;
    }
    if (status !== 200) {
      response.resume();
      throw new DownloadFailed(`The source answered ${status}.`);
    }
    return response;
  }
  throw new DownloadFailed('The source redirected too many times.');
}

function get(url: string, options: DownloadOptions): Promise<IncomingMessage> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.reject(new DownloadFailed('The URL is not valid.'));
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new DownloadFailed('Only http and https URLs can be downloaded.'));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // Node connects to an IP literal without a lookup: checked here instead.
  if (!options.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.reject(new DownloadFailed(new PrivateAddressRefused(host, host).message, true));
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'GET',
        headers: { 'user-agent': 'Tessera/1', ...options.headers },
        timeout: timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: guardedLookup as never }),
      },
      resolve,
    );
    req.on('timeout', () => req.destroy(new DownloadFailed(`No answer within ${timeoutMs / 1000} s.`)));
    req.on('error', (error) =>
      reject(
        error instanceof DownloadFailed
          ? error
          : new DownloadFailed(error.message, error instanceof PrivateAddressRefused),
      ),
    );
    req.end();
  });
}
