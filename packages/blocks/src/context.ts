import { createContext, type ReactNode, useContext } from 'react';
import type { BreakpointDeclarations, PageAssets } from './page-assets.js';

/** A media library image as blocks render it: the server's media record, reduced. */
export interface MediaInfo {
  id: number;
  url: string;
  alt: string;
  width: number | null;
  height: number | null;
  variants: Partial<
    Record<'thumbnail' | 'medium' | 'large' | 'full', { url: string; width: number; height: number }>
  >;
  credit: { photographer: string; profile_url: string | null; provider: string | null } | null;
}

/**
 * What blocks may ask of the place they render in, without knowing the server: the site fills it
 * before rendering a tree (the media the tree names, fetched at once), the builder's canvas too.
 */
export interface BlockEnvironment {
  media(id: number): MediaInfo | null;
  /** The absolute address of the page being rendered (share links), when there is one. */
  pageUrl?: string;
  /** The site the page belongs to: its name, logo and home page. */
  site?: { name: string; logoUrl: string | null; homeUrl: string };
  /** Where the page sits: its published ancestors, then itself (breadcrumbs). */
  trail?: ReadonlyArray<{ label: string; url: string }>;
  /** The page's stylesheet and scripts, collected while its blocks render (renderBlocks fills it). */
  assets?: PageAssets;
  /** The entries a list block shows (its `query`), fetched before rendering, by block id. */
  list?(blockId: string): EntryList | undefined;
  /** Who is looking, for conditional blocks: resolved at render time on the server. */
  visitor?: Visitor;
  /** A date as the site writes it (its locale and time zone). */
  formatDate?(iso: string): string;
  /** A count of comments in the page's language ("3 comments"): list blocks show it when given. */
  formatCommentCount?(count: number): string;
  /** Where a form block posts to; without it (the builder's canvas) the form cannot be sent. */
  formAction?(blockId: string): string;
  /** The entry the page shows, for a block whose form names it (the newsletter block). */
  entryId?: number;
  /** What became of the visitor's last submission of a form block, shown on the page it returns to. */
  formState?(blockId: string): FormState | undefined;
  /** A synced pattern's blocks, rendered where a pattern block places it. */
  pattern?(id: number): ReactNode;
  /** The menus of the theme's locations (`primary`, `footer`...), their links resolved. */
  menus?: Readonly<Record<string, readonly MenuLink[]>>;
  /** The path of the page being shown: its menu link is marked current. */
  currentPath?: string;
  /** The page's paged list (a content list with `paged`): where it is, and each page's address. */
  paging?: { page: number; pages: number; href(page: number): string };
  /** What a plugin's block rendered to on the server, by block id; undefined renders nothing. */
  pluginHtml?(blockId: string): string | undefined;
  /**
   * A plugin block's children as HTML, rendered before it by the server's renderBlocks so they go
   * inside its HTML. Absent in the browser (the canvas), where they are placed live.
   */
  pluginChildrenHtml?(blockId: string): string | undefined;
}

/** A link of a menu, resolved: its address follows the entry or term it links to. */
export interface MenuLink {
  label: string;
  url: string;
  target: '_self' | '_blank';
  rel: string;
  className: string;
  children: MenuLink[];
}

export type FormState =
  | { status: 'sent' }
  | { status: 'invalid'; errors: Readonly<Record<string, string>>; values: Readonly<Record<string, string>> };

/** What a list block asks of the site (block.ts, `query`): published entries of one type. */
export interface ListQuery {
  /** A content type's slug: post, page, or a custom type. */
  type: string;
  count: number;
  /** Only entries filed under this term. */
  term?: { taxonomy: string; slug: string };
  /** Only entries by this user. */
  authorId?: number;
  order: 'newest' | 'oldest' | 'title';
  /** Follows the page's `?page=N` (the pagination block pages it). */
  paged: boolean;
}

/** An entry as list blocks show it. */
export interface EntryCard {
  id: number;
  title: string;
  /** Site-relative. */
  url: string;
  excerpt: string;
  published_at: string;
  author: string | null;
  image: MediaInfo | null;
  /** How many approved comments it has, when the site counts them (none: not said). */
  comments?: number;
}

export interface EntryList {
  items: EntryCard[];
  /** The page of the list shown, from 1, and how many there are. */
  page: number;
  pages: number;
}

export interface Visitor {
  signedIn: boolean;
  /** The page's locale. */
  locale: string;
  device: 'desktop' | 'tablet' | 'mobile';
  /** When the page is rendered, ISO 8601. */
  now: string;
  /**
   * Called by a block whose output depends on who is looking (signed in, device): the page must not
   * be shared between visitors. `until` instead bounds how long a shared page stays right (a
   * date condition's next boundary).
   */
  varies(why: { personal: true } | { until: string }): void;
}

export const emptyEnvironment: BlockEnvironment = { media: () => null };

export const BlockContext = createContext<BlockEnvironment>(emptyEnvironment);

export function useBlockEnvironment(): BlockEnvironment {
  return useContext(BlockContext);
}

/**
 * A class for a block's style and responsive values, written into the page's one block stylesheet
 * (never a `style` attribute); undefined when there is nothing to declare.
 */
export function useBlockStyle(declarations: BreakpointDeclarations): string | undefined {
  return useContext(BlockContext).assets?.className(declarations);
}

/** Declares that the page needs an interactive block's script (scripts.ts). */
export function useBlockScript(name: string): void {
  useContext(BlockContext).assets?.script(name);
}

/** Class names joined, the empty ones left out. */
export function classes(...names: Array<string | false | null | undefined>): string {
  return names.filter(Boolean).join(' ');
}
