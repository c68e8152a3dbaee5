import { createContext, useContext } from 'react';
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
