import { Readable } from 'node:stream';
import type { PluginAttachment } from '@tessera/plugin';
import type { FastifyReply } from 'fastify';

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:\s*;\s*[a-z0-9_-]+=[a-z0-9_.-]+)*$/i;

/**
 * A plugin route's file (`attachment(...)`), sent as a download: never shown in the tab (so an HTML
 * or SVG file a visitor uploaded cannot run as the site), never sniffed, never kept by a shared cache.
 */
export function sendAttachment(reply: FastifyReply, file: PluginAttachment): FastifyReply {
  const type =
    typeof file.contentType === 'string' && MEDIA_TYPE.test(file.contentType)
      ? file.contentType
      : 'application/octet-stream';
  const body = file.body;
  const payload =
    typeof body === 'string'
      ? Buffer.from(body, 'utf8')
      : body instanceof Uint8Array
        ? Buffer.from(body.buffer, body.byteOffset, body.byteLength)
        : Readable.from(body);
  return reply
    .code(200)
    .type(type)
    .header('content-disposition', contentDisposition(file.filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(payload);
}

/**
 * `attachment` with the name: a plain ASCII fallback, and the exact name in RFC 5987's `filename*`
 * (accents, other scripts); quotes, slashes and control characters never reach the header.
 */
export function contentDisposition(filename: unknown): string {
  const name =
    String(typeof filename === 'string' ? filename : '')
      .replace(/[\p{Cc}"\\/]/gu, '')
      .trim()
      .slice(0, 200) || 'download';
  const ascii =
    name
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/\s+/g, ' ') || 'download';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return ascii === name
    ? `attachment; filename="${ascii}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
