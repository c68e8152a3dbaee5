import { open } from 'node:fs/promises';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import type { MediaGroup } from '../tables.js';

/** What a file is, decided from its bytes. */
export interface FileKind {
  mime: string;
  /** The extension the stored file gets. */
  ext: string;
  group: MediaGroup;
}

/** Bytes enough for every signature file-type knows (its own sample size). */
export const SNIFF_BYTES = 4100;

const ARCHIVES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/x-bzip2',
  'application/x-xz',
]);

export function groupOf(mime: string): MediaGroup {
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (ARCHIVES.has(mime)) return 'archive';
  return 'document';
}

/** The kind of the file's first bytes: enough to pick its size limit while it still arrives. */
export async function sniffHead(head: Uint8Array): Promise<FileKind | null> {
  const found = await fileTypeFromBuffer(head);
  if (found) return { mime: found.mime, ext: found.ext, group: groupOf(found.mime) };
  return looksLikeSvg(new TextDecoder().decode(head)) ? SVG : null;
}

/** The kind of a whole file on disk (office documents are told from zip by entries further in). */
export async function sniffFile(path: string): Promise<FileKind | null> {
  const found = await fileTypeFromFile(path);
  if (found && found.mime !== 'application/xml')
    return { mime: found.mime, ext: found.ext, group: groupOf(found.mime) };
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    if (looksLikeSvg(head.subarray(0, bytesRead).toString('utf8'))) return SVG;
  } finally {
    await handle.close();
  }
  return found ? { mime: found.mime, ext: found.ext, group: groupOf(found.mime) } : null;
}

const SVG: FileKind = { mime: 'image/svg+xml', ext: 'svg', group: 'image' };

/** An SVG document: after a BOM, an XML declaration, comments and a doctype, the root is `<svg`. */
function looksLikeSvg(text: string): boolean {
  const start = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .replace(/^\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '')
    .replace(/^(\s*<!--[\s\S]*?-->)+/, '')
    .trimStart();
  return /^<svg[\s>/]/i.test(start);
}

/** Extensions a name may carry for each type, beyond file-type's own one. */
const EXTENSIONS: Record<string, readonly string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/tiff': ['tif', 'tiff'],
  'image/svg+xml': ['svg'],
  'audio/mpeg': ['mp3', 'mpga'],
  'audio/ogg': ['ogg', 'oga'],
  'audio/opus': ['opus', 'ogg'],
  'video/ogg': ['ogv', 'ogg'],
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
  'audio/x-m4a': ['m4a'],
  'application/gzip': ['gz', 'tgz'],
};

/** Names that would be dangerous to serve whatever the bytes: never accepted as such. */
const EXECUTABLE = new Set([
  'html',
  'htm',
  'xhtml',
  'shtml',
  'js',
  'mjs',
  'cjs',
  'php',
  'phtml',
  'phar',
  'asp',
  'aspx',
  'jsp',
  'cgi',
  'pl',
  'py',
  'sh',
  'bat',
  'cmd',
  'exe',
  'dll',
  'msi',
  'jar',
  'hta',
  'xml',
  'xsl',
  'swf',
]);

/**
 * Whether the file's name contradicts its bytes: an extension of another known type (`photo.png`
 * holding a JPEG) or of something executable (`x.html` holding a GIF: a polyglot). A name without
 * an extension, or with one no type claims, is fine: the stored name gets the detected extension.
 */
export function nameContradicts(name: string, kind: FileKind, knownExtensions: ReadonlySet<string>): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const ext = name.slice(dot + 1).toLowerCase();
  if (EXECUTABLE.has(ext)) return true;
  if (!knownExtensions.has(ext) && !Object.values(EXTENSIONS).some((list) => list.includes(ext)))
    return false;
  return ext !== kind.ext && !(EXTENSIONS[kind.mime] ?? []).includes(ext);
}
