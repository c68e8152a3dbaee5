/**
 * The kinds of file a file field takes: MIME types, or groups of them. A file's kind is what its
 * bytes are (the platform sniffs them), never its name or what the browser says; SVG is no image
 * here, since it carries script.
 */

export const FILE_GROUPS = {
  image: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/webp',
    'image/avif',
    'image/heic',
    'image/tiff',
    'image/bmp',
  ],
  document: [
    'application/pdf',
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.ms-excel',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'application/vnd.oasis.opendocument.spreadsheet',
    'application/vnd.oasis.opendocument.presentation',
    'application/rtf',
  ],
  audio: ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/flac', 'audio/aac', 'audio/mp4', 'audio/webm'],
  video: ['video/mp4', 'video/webm', 'video/ogg', 'video/quicktime', 'video/x-msvideo', 'video/x-matroska'],
  archive: [
    'application/zip',
    'application/gzip',
    'application/x-7z-compressed',
    'application/x-tar',
    'application/vnd.rar',
  ],
} as const satisfies Record<string, readonly string[]>;

export type FileGroup = keyof typeof FILE_GROUPS;

/** What a file field without `accept` takes: images and PDF. */
export const DEFAULT_ACCEPT: readonly string[] = ['image', 'application/pdf'];

const MIME_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/;

function isGroup(kind: string): kind is FileGroup {
  return Object.hasOwn(FILE_GROUPS, kind);
}

/** Whether `kind` can be written in a field's `accept`: a group, or a MIME type. */
export function isKnownKind(kind: string): boolean {
  return isGroup(kind) || MIME_TYPE.test(kind);
}

/** The MIME types a field's `accept` allows. */
export function acceptedTypes(accept: readonly string[]): Set<string> {
  const kinds = accept.length === 0 ? DEFAULT_ACCEPT : accept;
  return new Set(kinds.flatMap((kind) => (isGroup(kind) ? FILE_GROUPS[kind] : [kind])));
}

/** Whether a file of the sniffed `type` (null: not recognised) fits a field's `accept`. */
export function acceptsFile(accept: readonly string[], type: string | null): boolean {
  return type !== null && acceptedTypes(accept).has(type.toLowerCase());
}

/** The `accept` attribute of the file input: the browser's file picker offers those types first. */
export function acceptAttribute(accept: readonly string[]): string {
  return [...acceptedTypes(accept)].join(',');
}
