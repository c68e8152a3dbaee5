import type { IncomingMessage } from 'node:http';
import { type OutboundFailed, send } from './outbound.js';

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

async function get(url: string, options: DownloadOptions): Promise<IncomingMessage> {
  try {
    return await send(url, {
      allowPrivate: options.allowPrivate,
      ...(options.headers ? { headers: options.headers } : {}),
      ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
    });
  } catch (error) {
    const failed = error as OutboundFailed;
    throw new DownloadFailed(failed.message, failed.refused);
  }
}
