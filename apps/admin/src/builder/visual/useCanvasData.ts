import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type BlockEnvironment,
  blockLists,
  blockMedia,
  type EntryCard,
  type MediaInfo,
  type MenuLink,
  pluginAreaOf,
  treeElements,
} from '@tessera/blocks/browser';
import { useEffect, useMemo, useState } from 'react';
import { api, data } from '../../api.js';
import type { Block } from '../tree.js';
import type { CanvasSubject } from './targets.js';

/** What POST /api/builder/canvas answers: what the site would fill the blocks' environment with. */
export interface CanvasData {
  stylesheet: string;
  tokens: string;
  lang: string;
  time_zone: string;
  site: { name: string; logo_url: string | null; home_url: string };
  trail: Array<{ label: string; url: string }>;
  media: MediaInfo[];
  lists: Record<
    string,
    { items: Array<Omit<EntryCard, 'image'> & { image: number | null }>; page: number; pages: number }
  >;
  patterns: Record<string, Block[]>;
  menus: Record<string, MenuLink[]>;
  /** What each plugin block of the tree rendered to on the server, by block id. */
  plugin_blocks: Record<string, string>;
  /** How the site writes each count of comments its lists show ("2 comments"), in `lang`. */
  comment_counts: Record<string, string>;
}

/** Waits this long after the tree's data needs changed (a list's filter typed) before asking. */
const SETTLE_MS = 300;

/**
 * The live data the canvas shows (media, lists of entries, synced patterns, menus, the theme and its
 * tokens), asked again only when what the tree needs of it changes: typing a heading asks nothing.
 * `design` restyles the canvas with tokens not yet saved (the design panel). `subject` names what is
 * edited, which the server checks the user may edit.
 */
export function useCanvasData(options: {
  tree: readonly Block[];
  subject: CanvasSubject;
  design: Record<string, unknown> | null;
}) {
  const { tree, subject, design } = options;
  const needs = useMemo(() => {
    const patterns: number[] = [];
    // A plugin's block is rendered by the server: asked again when its props change.
    const plugins: Array<[string, string, Record<string, unknown>]> = [];
    const walk = (blocks: readonly Block[]) => {
      for (const block of blocks) {
        if (block.type === 'pattern' && typeof block.props.pattern_id === 'number')
          patterns.push(block.props.pattern_id);
        if (pluginAreaOf(block.type) !== null) plugins.push([block.id, block.type, block.props]);
        if (block.children) walk(block.children);
      }
    };
    walk(tree);
    return JSON.stringify({
      media: [...new Set(blockMedia(tree as never).map((use) => use.mediaId))].sort((a, b) => a - b),
      lists: blockLists(tree as never),
      patterns: [...new Set(patterns)].sort((a, b) => a - b),
      plugins,
    });
  }, [tree]);
  const [settled, setSettled] = useState({ needs, tree });
  useEffect(() => {
    if (needs === settled.needs) return;
    const timer = window.setTimeout(() => setSettled({ needs, tree }), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [needs, tree, settled.needs]);

  const query = useQuery({
    queryKey: ['builder', 'canvas', subject, settled.needs, design],
    queryFn: () =>
      data(
        api.POST('/api/builder/canvas', {
          body: {
            blocks: settled.tree as unknown[],
            ...subject,
            ...(design ? { design } : {}),
          } as never,
        }),
      ) as Promise<CanvasData>,
    placeholderData: keepPreviousData,
    // Back to tokens as saved: asked again, they may have just changed.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });

  const environment = useMemo<BlockEnvironment>(() => environmentOf(query.data ?? null), [query.data]);
  return { data: query.data ?? null, environment, error: query.error, refetch: query.refetch };
}

function environmentOf(canvas: CanvasData | null): BlockEnvironment {
  if (!canvas) return { media: () => null };
  const media = new Map(canvas.media.map((item) => [item.id, item]));
  const date = new Intl.DateTimeFormat(canvas.lang, { dateStyle: 'medium', timeZone: canvas.time_zone });
  return {
    media: (id) => media.get(id) ?? null,
    site: { name: canvas.site.name, logoUrl: canvas.site.logo_url, homeUrl: canvas.site.home_url },
    trail: canvas.trail,
    list: (blockId) => {
      const list = canvas.lists[blockId];
      if (!list) return undefined;
      return {
        page: list.page,
        pages: list.pages,
        items: list.items.map((item) => ({
          ...item,
          image: item.image === null ? null : (media.get(item.image) ?? null),
        })),
      };
    },
    pattern: (id) => {
      const blocks = canvas.patterns[String(id)];
      return blocks ? treeElements(blocks as never) : null;
    },
    menus: canvas.menus,
    formatDate: (iso) => date.format(new Date(iso)),
    formatCommentCount: (count) => canvas.comment_counts?.[String(count)] ?? String(count),
    pluginHtml: (blockId) => canvas.plugin_blocks?.[blockId],
  };
}
