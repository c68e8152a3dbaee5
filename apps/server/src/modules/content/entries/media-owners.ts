import type { MediaOwner, MediaPlace } from '../../../core/events/media-references.js';
import type { Runtime } from '../../../core/runtime.js';
import type { ContentTypesService } from '../types/service.js';
import { mediaPlace } from './media-places.js';
import { EntriesRepo } from './repo.js';

/**
 * Names the entries among the records that use a media item, for the library's usage lists: the
 * title, the content type and the status (a trashed entry still holds its media until deleted).
 */
export function describeEntryOwners(runtime: Runtime, types: ContentTypesService): void {
  runtime.hooks.addFilter(
    'media.owners',
    async (owners: MediaOwner[], context) => {
      const site = context.site;
      const ids = owners.filter((owner) => owner.type === 'entry').map((owner) => owner.id);
      if (!site || ids.length === 0) return owners;
      const entries = new Map(
        (await new EntriesRepo(runtime.data.site(site.id)).byIds(ids)).map((entry) => [entry.id, entry]),
      );
      const typesById = new Map([...(await types.ofSite(site)).values()].map((type) => [type.id, type]));
      return owners.map((owner) => {
        const entry = owner.type === 'entry' ? entries.get(owner.id) : undefined;
        if (!entry) return owner;
        const type = typesById.get(entry.type_id);
        const places: Record<string, MediaPlace> = {};
        for (const path of owner.paths ?? []) {
          const place = mediaPlace(path, entry, type?.fields ?? []);
          if (place) places[path] = place;
        }
        return {
          ...owner,
          label: entry.title,
          kind: type?.slug ?? 'entry',
          status: entry.deleted_at === null ? entry.status : 'trash',
          places,
        };
      });
    },
    { owner: 'core:content' },
  );
}
