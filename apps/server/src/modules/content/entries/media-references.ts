import { type Block, blockMedia } from '@tessera/blocks';
import type { MediaReference } from '../../../core/events/media-references.js';
import type { FieldDefinition } from '../fields/definition.js';
import { type MediaRefs, validateFieldValues } from '../fields/validate-values.js';
import type { EntryState } from './entry.js';

/**
 * The media an entry uses: its featured image, its file and image fields (in repeaters too, found
 * by field validation) and the media props of its blocks, each with the path a 422 would name.
 */
export function entryMediaReferences(
  state: Pick<EntryState, 'featured_media_id' | 'blocks'>,
  fieldMedia: readonly MediaRefs[],
): MediaReference[] {
  const references: MediaReference[] = [];
  if (state.featured_media_id !== null)
    references.push({ mediaId: state.featured_media_id, path: 'featured_media_id', accepts: ['image'] });
  for (const field of fieldMedia)
    for (const [i, mediaId] of field.ids.entries())
      references.push({
        mediaId,
        path: field.list ? `${field.path}[${i}]` : field.path,
        ...(field.accepts ? { accepts: field.accepts } : {}),
      });
  for (const use of blockMedia(state.blocks as Block[])) references.push(use);
  return references;
}

/** The ids of the media a stored state uses (what a save's `previous` names). */
export function usedMediaIds(
  definitions: readonly FieldDefinition[],
  state: Pick<EntryState, 'featured_media_id' | 'blocks' | 'fields'>,
): number[] {
  const values = validateFieldValues(definitions, state.fields, { isNew: false });
  const references = entryMediaReferences(state, values.ok ? values.media : []);
  return [...new Set(references.map((reference) => reference.mediaId))];
}
