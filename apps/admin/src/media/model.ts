import type { paths } from '@tessera/sdk';
import type { MediaKind } from './MediaPicker.js';

type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;

/** One item of the library as the API answers it. */
export type Media = Json<paths['/api/media/{id}']['get']['responses'][200]>['data'];

/** What PUT /api/media/{id} takes: any of the editable details. */
export type MediaUpdate = NonNullable<
  paths['/api/media/{id}']['put']['requestBody']
>['content']['application/json'];

/** One place an item is used (GET /api/media/{id}/usage). */
export type MediaUse = Json<paths['/api/media/{id}/usage']['get']['responses'][200]>['data'][number];

// Declared with the picker, whose interface other screens import.
export type { MediaKind };

export const MEDIA_KINDS: readonly MediaKind[] = ['image', 'video', 'audio', 'document', 'archive'];

/** A folder as the tree answers it; the API types `children` loosely (its schema does not recurse). */
export interface MediaFolder {
  id: number;
  name: string;
  parent_id: number | null;
  media_count: number;
  children: MediaFolder[];
}

/** A folder of the tree laid flat in display order, with how deep it sits (0: the top level). */
export interface FlatFolder {
  id: number;
  name: string;
  parentId: number | null;
  depth: number;
  mediaCount: number;
}

export function flattenFolders(tree: readonly MediaFolder[], depth = 0): FlatFolder[] {
  return [...tree]
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((folder) => [
      { id: folder.id, name: folder.name, parentId: folder.parent_id, depth, mediaCount: folder.media_count },
      ...flattenFolders(folder.children ?? [], depth + 1),
    ]);
}

/** What the browser's file picker offers for these kinds (MIME patterns; documents and archives vary too much). */
export function acceptFor(kinds: readonly MediaKind[]): string | undefined {
  if (kinds.some((kind) => kind === 'document' || kind === 'archive')) return undefined;
  return kinds.map((kind) => `${kind}/*`).join(',');
}

export function kindOf(media: Pick<Media, 'type_group'>): MediaKind {
  return (MEDIA_KINDS as readonly string[]).includes(media.type_group)
    ? (media.type_group as MediaKind)
    : 'document';
}

/** The smallest picture of an item for a grid: the thumbnail variant, else the file itself for images (SVG). */
export function thumbnailOf(media: Media): string | null {
  const variant = media.variants.thumbnail ?? media.variants.medium ?? media.variants.full;
  if (variant) return variant.url;
  return kindOf(media) === 'image' ? media.url : null;
}

/** A larger picture for the details: the medium variant, else the file. */
export function previewOf(media: Media): string {
  return (media.variants.medium ?? media.variants.large ?? media.variants.full)?.url ?? media.url;
}

/** The name an item goes by: the name it was uploaded with. */
export function nameOf(media: Pick<Media, 'original_name' | 'file_name'>): string {
  return media.original_name || media.file_name;
}

/** The extension shown on a non-image tile ("PDF"), from the stored name. */
export function extensionOf(media: Pick<Media, 'file_name'>): string {
  const dot = media.file_name.lastIndexOf('.');
  return dot > 0 ? media.file_name.slice(dot + 1).toUpperCase() : '';
}

/** An address to copy: absolute, as another site or an email needs it. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

const RASTER = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif', 'image/tiff']);

/** Images the server re-encodes: only they have a focal point and can be optimized. */
export function isRaster(media: Pick<Media, 'mime_type'>): boolean {
  return RASTER.has(media.mime_type);
}
