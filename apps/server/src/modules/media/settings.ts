import { type Static, Type } from '@sinclair/typebox';
import type { Runtime } from '../../core/runtime.js';

/** What the library accepts by default: images, video, audio, PDF and office documents (issue 17). */
export const DEFAULT_ALLOWED_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
  'application/pdf',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
];

/**
 * Size limits per kind of file (spec 8.3): over the limit an upload gets 413, while it arrives.
 * Entered in megabytes in the admin (`x-input`), stored in bytes.
 */
const Bytes = (title: string, description?: string) =>
  Type.Integer({
    minimum: 1,
    maximum: 10 * 1024 ** 3,
    title,
    ...(description ? { description } : {}),
    'x-input': 'megabytes',
  });
const MB = 1024 * 1024;

/** A stock photo provider's key: a secret, so a string to set it and null to clear it. */
const StockKey = (title: string, description: string) =>
  Type.Union([Type.Null(), Type.String({ minLength: 1, maxLength: 200 })], { title, description });

const MediaSettings = Type.Object(
  {
    allowed_types: Type.Array(
      Type.String({ minLength: 3, maxLength: 100, pattern: '^[a-z0-9.+-]+/[a-z0-9.+-]+$' }),
      {
        maxItems: 200,
        uniqueItems: true,
        title: 'Accepted file types',
        description:
          'MIME types accepted, as decided from the bytes of the file (never its name); others are refused with 422',
      },
    ),
    deduplicate: Type.Boolean({
      title: 'Reuse duplicate uploads',
      description: 'An upload whose bytes repeat an earlier one answers that item instead of storing a copy',
    }),
    keep_originals: Type.Boolean({
      title: 'Keep the original of each image',
      description:
        'Keeps the file of each uploaded raster image as it was sent, privately (never served), so its WebP variants can be made again from it (a new focal point, optimizing) rather than from a WebP; off: only the variants are stored',
    }),
    allow_private_sources: Type.Boolean({
      title: 'Allow imports from private addresses',
      description:
        'Imports (stock photos, uploads from a URL) may download from loopback and private addresses. Off: refused.',
    }),
    max_image_bytes: Bytes('Largest image upload'),
    max_video_bytes: Bytes('Largest video upload'),
    max_audio_bytes: Bytes('Largest audio upload'),
    max_document_bytes: Bytes('Largest document upload', 'PDF and office files'),
    max_archive_bytes: Bytes('Largest archive upload'),
    max_image_megapixels: Type.Integer({
      minimum: 1,
      maximum: 250,
      title: 'Largest image (megapixels)',
      description:
        'Images of more pixels are refused before they are decoded (decompression bombs); an animation counts the pixels of all its frames',
    }),
    webp_quality: Type.Integer({
      minimum: 1,
      maximum: 100,
      title: 'WebP quality',
      description: 'WebP quality of images and variants',
    }),
    max_image_dimension: Type.Integer({
      minimum: 0,
      maximum: 16_384,
      title: 'Longest side after optimizing (pixels)',
      description:
        'Optimizing scales the full image down to this many pixels on its longer side (0: keeps the original size)',
    }),
    orphans: Type.Object(
      {
        action: Type.Union([Type.Literal('off'), Type.Literal('report'), Type.Literal('delete')], {
          title: 'What to do with them',
          description:
            'What the daily orphan job does with media used nowhere: nothing, log them, or delete them',
        }),
        min_age_days: Type.Integer({
          minimum: 1,
          maximum: 3650,
          title: 'Only media older than (days)',
          description: 'Only media at least this old',
        }),
      },
      { additionalProperties: false, title: 'Unused media' },
    ),
    unsplash_access_key: StockKey('Unsplash access key', 'Unsplash API access key (write-only)'),
    pexels_api_key: StockKey('Pexels API key', 'Pexels API key (write-only)'),
  },
  { additionalProperties: false, title: 'Media' },
);

export type MediaSettingsValue = Static<typeof MediaSettings>;

declare module '../../core/settings/settings-registry.js' {
  interface SettingsGroups {
    media: MediaSettingsValue;
  }
}

export function registerMediaSettings(runtime: Runtime): void {
  runtime.settings.register(
    'media',
    MediaSettings,
    {
      allowed_types: DEFAULT_ALLOWED_TYPES,
      max_image_bytes: 20 * MB,
      max_video_bytes: 512 * MB,
      max_audio_bytes: 100 * MB,
      max_document_bytes: 50 * MB,
      max_archive_bytes: 100 * MB,
      max_image_megapixels: 60,
      webp_quality: 82,
      max_image_dimension: 0,
      keep_originals: true,
      deduplicate: false,
      orphans: { action: 'off', min_age_days: 30 },
      allow_private_sources: false,
      unsplash_access_key: null,
      pexels_api_key: null,
    },
    {
      description:
        'Media library: accepted types, size limits, image quality, duplicates, orphans, stock photos',
      secrets: ['unsplash_access_key', 'pexels_api_key'],
      guarded: { allow_private_sources: 'sites.manage' },
    },
  );
}
