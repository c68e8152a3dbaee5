import type { PluginHttpAnswer, PluginHttpInit } from '@tessera/plugin';
import { UpstreamFailed } from '../errors.js';
import { OutboundFailed, send } from '../net/outbound.js';

const MB = 1024 * 1024;

/**
 * Sends one request and reads the whole answer. Failures are typed for the error envelope: 502
 * `private_address` when the address is private and the site does not allow it, `upstream_too_large`
 * past `maxBytes`, `upstream_failed` for the rest (no answer, a reset, a timeout).
 */
export async function pluginRequest(
  url: string,
  init: PluginHttpInit,
  allowPrivate: boolean,
): Promise<PluginHttpAnswer> {
  const json = typeof init.body === 'object' && !(init.body instanceof Uint8Array);
  const body = json ? JSON.stringify(init.body) : (init.body as string | Uint8Array | undefined);
  const maxBytes = Math.min(init.maxBytes ?? 10 * MB, 50 * MB);
  let response: Awaited<ReturnType<typeof send>>;
  try {
    response = await send(url, {
      method: init.method ?? 'GET',
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...init.headers },
      ...(body === undefined ? {} : { body }),
      allowPrivate,
      timeoutMs: Math.min(init.timeoutMs ?? 30_000, 120_000),
    });
  } catch (error) {
    throw upstreamFailure(error);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw new UpstreamFailed(`${url} answered more than ${maxBytes} bytes.`, 'upstream_too_large');
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    throw error instanceof UpstreamFailed ? error : upstreamFailure(error);
  }
  const bytes = Buffer.concat(chunks);
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: bytes,
    text: () => bytes.toString('utf8'),
    json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
  };
}

function upstreamFailure(error: unknown): UpstreamFailed {
  const failed = error instanceof OutboundFailed ? error : new OutboundFailed(String(error));
  return new UpstreamFailed(failed.message, failed.refused ? 'private_address' : 'upstream_failed');
}
