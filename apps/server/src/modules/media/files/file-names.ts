import { randomBytes } from 'node:crypto';
import { slugify } from '../../content/entries/slugs.js';

const MAX_BASE = 60;

/**
 * The stored name of an upload: the original's base name made a safe slug (no separators, no
 * control characters, ASCII), a short random suffix so two uploads of one name never meet, and the
 * extension of the type the bytes showed. "../../Été 2026.JPG" gives "ete-2026-k3v9qa".
 */
export function storedBaseName(originalName: string): string {
  const last = originalName.split(/[/\\]/).pop() ?? '';
  const dot = last.lastIndexOf('.');
  const stem = dot > 0 ? last.slice(0, dot) : last;
  const slug = slugify(stem).slice(0, MAX_BASE).replace(/-+$/, '') || 'file';
  return `${slug}-${suffix()}`;
}

/** Six characters of base 36: 2 billion names per slug. */
function suffix(): string {
  return (randomBytes(4).readUInt32BE(0) % 36 ** 6).toString(36).padStart(6, '0');
}

/** The name people see for an upload: its own, without path or control characters, at most 255 long. */
export function cleanOriginalName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = last.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return (clean || 'file').slice(0, 255);
}

/** `site/yyyy/mm/`: the folder of the storage keys of an upload made at `at`. */
export function keyFolder(siteId: number, at: Date): string {
  const month = String(at.getUTCMonth() + 1).padStart(2, '0');
  return `${siteId}/${at.getUTCFullYear()}/${month}/`;
}

/**
 * `site/originals/yyyy/mm/`: the folder of kept originals. Outside the `yyyy/mm` paths /media/
 * serves, so no URL reaches them.
 */
export function originalsFolder(siteId: number, at: Date): string {
  return keyFolder(siteId, at).replace(/^(\d+)\//, '$1/originals/');
}
