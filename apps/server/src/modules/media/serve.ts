import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/http/app-type.js';
import { sendError } from '../../core/http/error-handler.js';
import type { Runtime } from '../../core/runtime.js';
import type { ByteRange } from '../../core/storage/storage.js';

/** Content types by the extensions the library stores (the detected type's own). */
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  svg: 'image/svg+xml',
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
  pdf: 'application/pdf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/opus',
  m4a: 'audio/x-m4a',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  zip: 'application/zip',
};

/** Shown in the page: images, video, audio, and PDF in the browser's viewer. Anything else downloads. */
const INLINE = /^(image|video|audio)\/|^application\/pdf$/;

// An SVG opened on its own is a document: no script runs, nothing loads, whatever got past sanitizing.
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

const PATH = /^\d{4}\/\d{2}\/[a-z0-9][a-z0-9._-]*$/;

/**
 * GET /media/<yyyy>/<mm>/<file>: the site's stored files, from whichever storage holds them, with
 * long-lived caching (names are never reused: a changed image gets a new name), ETags, byte ranges
 * for video, `nosniff`, a script-free CSP on SVG, and documents as attachments.
 */
export function mediaFileRoutes(app: App, runtime: Runtime): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/media/*',
    config: { permission: 'public', rateLimit: 'none' },
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.params as { '*': string })['*'];
      const site = request.site;
      if (!site || !PATH.test(path)) return notFound(reply);
      const key = `${site.id}/${path}`;
      const ext = path.slice(path.lastIndexOf('.') + 1);
      const type = TYPES[ext] ?? 'application/octet-stream';
      const requested = parseRange(request.headers.range);
      const found = await runtime.storage.get(key, requested ?? undefined);
      if (!found) return notFound(reply);
      reply
        .header('content-type', type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', found.etag)
        .header('last-modified', found.lastModified.toUTCString())
        .header('accept-ranges', 'bytes')
        .header('x-content-type-options', 'nosniff')
        // Embedding the site's images from its other domains and headless front ends is the point.
        .header('cross-origin-resource-policy', 'cross-origin');
      if (ext === 'svg') reply.header('content-security-policy', SVG_POLICY);
      else reply.removeHeader('content-security-policy');
      if (!INLINE.test(type))
        reply.header(
          'content-disposition',
          `attachment; filename="${path.slice(path.lastIndexOf('/') + 1)}"`,
        );
      if (request.headers['if-none-match'] === found.etag) {
        found.body.destroy();
        return reply.code(304).send();
      }
      if (requested) {
        const end = Math.min(requested.end, found.size - 1);
        if (requested.start >= found.size) {
          found.body.destroy();
          return reply.code(416).header('content-range', `bytes */${found.size}`).send();
        }
        reply.code(206).header('content-range', `bytes ${requested.start}-${end}/${found.size}`);
        reply.header('content-length', end - requested.start + 1);
      } else reply.header('content-length', found.size);
      if (request.method === 'HEAD') {
        found.body.destroy();
        return reply.send();
      }
      return reply.send(found.body);
    },
  });
}

function notFound(reply: FastifyReply) {
  return sendError(reply, 404, { message: 'No such file.', code: 'not_found' });
}

/** One `bytes=a-b` or `bytes=a-` range; anything else is served whole, as RFC 9110 allows. */
function parseRange(header: string | undefined): ByteRange | null {
  const match = header ? /^bytes=(\d{1,15})-(\d{0,15})$/.exec(header.trim()) : null;
  if (!match) return null;
  const start = Number(match[1]);
  const end = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]);
  return end >= start ? { start, end } : null;
}
