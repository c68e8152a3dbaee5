import type { MediaOwner, MediaPlace } from '@tessera/plugin';
import type { HookManager } from '../hooks/hook-manager.js';
import type { OperationContext } from '../operation/operation-context.js';

/** One use of a media item in a record: where (`fields.gallery[2]`) and what the place accepts. */
export interface MediaReference {
  mediaId: number;
  /** The path in the owner, as a 422 would name it. */
  path: string;
  /** Kinds of file the place takes (`image`, `document`...); absent: any. */
  accepts?: readonly string[];
}

/**
 * Every media item a record uses, as it is after a save: an entry's featured image, file and image
 * fields and media blocks; a menu's or a plugin's records later. `ownerType` names the kind of
 * record (`entry`, `menu`, `shop.product`), `ownerId` its id.
 */
export interface MediaReferenceSet {
  ownerType: string;
  ownerId: number;
  references: readonly MediaReference[];
  /**
   * The media the record used before this save. A reference to an item that no longer exists (it
   * was deleted with force) is tolerated when the record already had it, so a dangling image never
   * blocks editing; a new reference to a missing item is refused.
   */
  previous?: readonly number[];
}

/**
 * A record that uses media, as the library's usage lists show it, with its places in words (an
 * entry's featured image, a field by its label, a block by its position and type). Plugins name
 * theirs through the `media.owners` filter, so the shape is the plugin package's.
 */
export type { MediaOwner, MediaPlace };

declare module '../hooks/hook-manager.js' {
  interface ActionHooks {
    /**
     * A record's media references, inside the transaction of its save (an empty list when it is
     * deleted). The media library checks each item exists on the site and is of a kind the place
     * accepts (refusing the save with 422 otherwise) and records the usage.
     */
    'media.references': [set: MediaReferenceSet];
  }
  interface FilterHooks {
    /** Fills in the labels of the records that use media; each module describes its own kinds. */
    'media.owners': [owners: MediaOwner[]];
  }
}

export function declareMediaReferencesHook(hooks: HookManager): void {
  hooks.declare('media.references', 'transaction');
}

/** Declares, in the operation's transaction, the media a record uses from now on. */
export async function declareMediaReferences(ctx: OperationContext, set: MediaReferenceSet): Promise<void> {
  await ctx.hooks.doAction('media.references', set);
}
