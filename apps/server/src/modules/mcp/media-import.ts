import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { DownloadFailed, download } from '../../core/net/download.js';
import type { Runtime } from '../../core/runtime.js';
import { settingsOf } from '../settings/service.js';
import type { McpTool } from './tool.js';
import { refusal, toolResultOf } from './tool-result.js';

const TEXT_PARTS = ['alt_text', 'title', 'caption', 'folder_id'] as const;
const MAX_URL_LENGTH = 2000;

/**
 * `media_upload_from_url`: the REST API has no import-by-URL route, so the tool downloads the file
 * with the outbound guard (private addresses refused unless the media setting
 * allow_private_sources is on, as for stock photos) and posts the bytes to POST /api/media/upload as
 * the caller. The upload route then applies everything it applies to a person's upload: type sniffing,
 * size limits while streaming, image variants.
 *
 * Its budget is `upload`, which the endpoint charges before the call runs, so a spent budget stops
 * the download itself, not only the upload after it; the upload request is then prepaid, counted
 * once. A bad address is a 422 on `url` with the words the webhooks route uses for one.
 */
export function mediaImportTool(runtime: Runtime): McpTool {
  return {
    name: 'media_upload_from_url',
    title: 'Upload from URL',
    description:
      'Add a file to the media library from an http(s) URL, through the normal upload pipeline (type checked from the bytes, size limits, image variants). Private and loopback addresses are refused unless the media setting allow_private_sources is on.',
    inputSchema: {
      type: 'object',
      properties: {
        url: {
          type: 'string',
          format: 'uri',
          maxLength: MAX_URL_LENGTH,
          description: 'http or https address of the file',
        },
        alt_text: {
          type: 'string',
          maxLength: 1000,
          description: 'What the image shows, for screen readers',
        },
        title: { type: 'string', maxLength: 255 },
        caption: { type: 'string', maxLength: 2000 },
        folder_id: { type: 'integer', minimum: 1, description: 'A media folder' },
      },
      required: ['url'],
      additionalProperties: false,
    },
    effect: 'write',
    permissions: ['media.upload'],
    budget: 'upload',
    async call(args, { rest }) {
      const checked = checkedUrl(args.url);
      if ('problem' in checked)
        return refusal(422, 'validation_failed', 'The given data was invalid.', { url: [checked.problem] });
      const { url } = checked;
      const site = await runtime.siteStore.findById(rest.caller.siteId);
      if (!site) return refusal(404, 'site_not_found', 'Site not found.');
      const { allow_private_sources } = await settingsOf(runtime, site, 'media');
      let response: IncomingMessage;
      try {
        response = await download(url, { allowPrivate: allow_private_sources });
      } catch (error) {
        if (error instanceof DownloadFailed && error.refused)
          return refusal(422, 'private_address', 'The given data was invalid.', {
            url: [`This address is refused: ${error.message}`],
          });
        return refusal(
          502,
          'upstream_failed',
          `The file could not be downloaded: ${(error as Error).message}`,
        );
      }
      const boundary = `tessera-mcp-${randomUUID()}`;
      const stream = Readable.from(multipartParts(boundary, fileNameOf(url), args, response));
      return toolResultOf(
        await rest.send({
          method: 'POST',
          url: '/api/media/upload',
          multipart: { boundary, stream },
          prepaid: 'upload',
        }),
      );
    },
  };
}

/** The `url` argument, or what is wrong with it in the REST API's words (the validator's, webhooks' url). */
function checkedUrl(value: unknown): { url: string } | { problem: string } {
  if (value === undefined || value === null || value === '') return { problem: 'This field is required.' };
  if (typeof value !== 'string') return { problem: 'Must be of type string.' };
  if (value.length > MAX_URL_LENGTH) return { problem: `Must be at most ${MAX_URL_LENGTH} characters.` };
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return { problem: 'Must be an absolute http or https URL.' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { problem: 'Must be an http or https URL.' };
  return { url: value };
}

async function* multipartParts(
  boundary: string,
  fileName: string,
  args: Record<string, unknown>,
  file: IncomingMessage,
): AsyncGenerator<Buffer> {
  for (const name of TEXT_PARTS) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${String(value)}\r\n`,
    );
  }
  // The upload route tells the type from the bytes, never from this name or a Content-Type.
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  for await (const chunk of file) yield chunk as Buffer;
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

/** The last segment of the URL's path, kept to characters safe in a multipart header. */
function fileNameOf(url: string): string {
  let name = '';
  try {
    name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    // A malformed escape: the default name below.
  }
  const safe = name.replace(/[^\w.-]+/g, '-').slice(0, 120);
  return safe || 'download';
}
