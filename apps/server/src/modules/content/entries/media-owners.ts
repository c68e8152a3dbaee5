import type { MediaOwner } from '../../../core/events/media-references.js';
import type { Runtime } from '../../../core/runtime.js';
import type { ContentTypesService } from '../types/service.js';
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
      const typeSlugs = new Map([...(await types.ofSite(site)).values()].map((type) => [type.id, type.slug]));
      return owners.map((owner) => {
        const entry = owner.type === 'entry' ? entries.get(owner.id) : undefined;
        if (!entry) return owner;
        return {
          ...owner,
          label: entry.title,
          kind: typeSlugs.get(entry.type_id) ?? 'entry',
          status: entry.deleted_at === null ? entry.status : 'trash',
        };
      });
    },
    { owner: 'core:content' },
  );
}
