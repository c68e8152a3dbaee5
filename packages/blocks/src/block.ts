import { type IntegerOptions, type Static, type TObject, Type } from '@sinclair/typebox';
import type { ReactElement, ReactNode } from 'react';
import type { ListQuery } from './context.js';

/** Spec 2.1's block categories. */
export const BLOCK_CATEGORIES = ['layout', 'content', 'media', 'navigation', 'data', 'dynamic'] as const;
export type BlockCategory = (typeof BLOCK_CATEGORIES)[number];

/** One node of a block tree (spec 2.1). `id` is stable across saves: revisions compare by it. */
export interface Block {
  id: string;
  type: string;
  props: Record<string, unknown>;
  children?: Block[];
}

/** What children a block takes: none, any block, or only the listed types. */
export type ChildrenRule = 'none' | 'any' | readonly string[];

export interface BlockRenderProps<P> {
  block: Block;
  props: P;
  /** The rendered children, for blocks that take them. */
  children?: ReactNode;
}

/**
 * A block type: one definition drives validation on save, the builder's palette and settings, and
 * rendering on the site, so a block looks the same in the editor and on the page.
 */
export interface BlockDefinition<S extends TObject = TObject> {
  type: string;
  category: BlockCategory;
  label: string;
  /** An icon name of the admin's icon set. */
  icon: string;
  /** The props and their defaults (TypeBox `default`s). */
  props: S;
  children: ChildrenRule;
  /** Props holding HTML: the server sanitizes them on save, the component renders them as HTML. */
  richText?: readonly (keyof Static<S> & string)[];
  /** Lists of items with HTML fields (`{ items: ['content'] }`): sanitized like `richText`, item by item. */
  richTextItems?: Readonly<Partial<Record<keyof Static<S> & string, readonly string[]>>>;
  /**
   * Props holding media library items: a media id, a list of ids, or objects (or a list of them)
   * with a `media_id`. The server records each as a use of the item (issue 17, usage tracking).
   */
  media?: readonly (keyof Static<S> & string)[];
  /**
   * For blocks that list entries: what to fetch, from the props. The site fetches every list of a
   * page before rendering it and the block reads its entries from the environment (`list`).
   */
  query?: (props: Static<S>) => ListQuery;
  /**
   * Rules the schema cannot say (two form fields with one name): each fault as a path under
   * `props` (`fields.2.name`) and a message. Runs on save after the schema passed.
   */
  refine?: (props: Static<S>) => Array<{ path: string; message: string }>;
  component: (props: BlockRenderProps<Static<S>>) => ReactElement | null;
}

/**
 * A prop naming a row of the server's (a media item, a synced pattern, a user): 1 to 2^31 - 1.
 * A larger id can name no row, and sent to PostgreSQL it is an error rather than "not found".
 */
export const RowId = (options: IntegerOptions = {}) =>
  Type.Integer({ ...options, minimum: 1, maximum: 2_147_483_647 });

export function defineBlock<S extends TObject>(definition: BlockDefinition<S>): BlockDefinition<S> {
  return definition;
}
