import { addFieldError, fieldErrors, ValidationFailed } from '../../core/errors.js';
import type { MediaReferenceSet } from '../../core/events/media-references.js';
import type { HookContext } from '../../core/hooks/hook-manager.js';
import type { Runtime } from '../../core/runtime.js';
import { MediaRepo } from './repo.js';

const GROUP_NAMES: Record<string, string> = {
  image: 'an image',
  video: 'a video',
  audio: 'an audio file',
  document: 'a document',
  archive: 'an archive',
};

/**
 * The `media.references` listener: in the saving record's transaction, checks every referenced
 * item exists on the site and is of a kind its place accepts (422 by path otherwise, and the save
 * rolls back), then makes the record's usage rows exactly its references.
 */
export function trackMediaUsage(runtime: Runtime): void {
  runtime.hooks.addAction(
    'media.references',
    async (context: HookContext, set: MediaReferenceSet) => {
      if (!context.site) return;
      const repo = new MediaRepo(runtime.data.site(context.site.id));
      const ids = [...new Set(set.references.map((reference) => reference.mediaId))];
      const found = new Map((await repo.byIds(ids)).map((row) => [row.id, row]));
      const previous = new Set(set.previous ?? []);
      const errors = fieldErrors();
      for (const reference of set.references) {
        const row = found.get(reference.mediaId);
        if (!row) {
          if (!previous.has(reference.mediaId))
            addFieldError(errors, reference.path, `Media ${reference.mediaId} does not exist on this site.`);
          continue;
        }
        if (reference.accepts && !reference.accepts.includes(row.type_group))
          addFieldError(
            errors,
            reference.path,
            `Media ${row.id} is ${GROUP_NAMES[row.type_group] ?? row.type_group}; this takes ${reference.accepts.join(' or ')} files.`,
          );
      }
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
      const rows = new Map<string, { mediaId: number; path: string }>();
      for (const reference of set.references)
        if (found.has(reference.mediaId))
          rows.set(`${reference.mediaId} ${reference.path}`, {
            mediaId: reference.mediaId,
            path: reference.path,
          });
      await repo.replaceUsage(set.ownerType, set.ownerId, [...rows.values()]);
    },
    { owner: 'core:media' },
  );
}
