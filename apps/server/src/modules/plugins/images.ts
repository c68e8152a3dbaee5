import type { PluginImage } from '@tessera/plugin';
import type { Runtime } from '../../core/runtime.js';
import type { Site } from '../../core/sites/site.js';
import { mediaOf } from '../media/module.js';

/**
 * `plugin.media.images`: the site's images by id, at the size entry pages give their featured image
 * in the head (the large variant, else the original), with their alternative text.
 */
export async function pluginImages(
  runtime: Runtime,
  site: Site,
  ids: readonly number[],
): Promise<Map<number, PluginImage>> {
  const views = await mediaOf(runtime).media.publicViews(site, ids);
  const images = new Map<number, PluginImage>();
  for (const view of views.values()) {
    if (!view.mime_type.startsWith('image/')) continue;
    const large = view.variants.large ?? view.variants.full;
    const url = large?.url ?? view.url;
    const width = large?.width ?? view.width;
    const height = large?.height ?? view.height;
    if (!width || !height) continue;
    images.set(view.id, { id: view.id, url, width, height, alt: view.alt_text });
  }
  return images;
}
