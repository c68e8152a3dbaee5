import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, data } from '../api.js';
import { useCan } from '../session.js';
import { useSite } from '../site.js';
import type { JsonSchema } from './schema.js';
import { effectiveColors } from './theme-colors.js';
import type { ChildrenRule, Rules } from './tree.js';

/** A block type as GET /api/builder/blocks describes it. */
export interface BlockType {
  type: string;
  category: string;
  label: string;
  icon: string;
  props: JsonSchema;
  children: ChildrenRule;
  rich_text: string[];
  media: string[];
  dynamic: boolean;
  /** The plugin that defines it, or null for the core's blocks. */
  plugin?: string | null;
}

export interface Catalog {
  types: BlockType[];
  byType: ReadonlyMap<string, BlockType>;
  rules: Rules;
}

/** GET /api/builder/blocks, fetched once a session: the types change only with a deploy. */
export const CATALOG_QUERY = {
  queryKey: ['builder', 'blocks'],
  queryFn: () => data(api.GET('/api/builder/blocks')),
  staleTime: Number.POSITIVE_INFINITY,
};

/** The block types the server offers. */
export function useCatalog() {
  const query = useQuery(CATALOG_QUERY);
  const catalog = useMemo<Catalog | null>(() => {
    if (!query.data) return null;
    const types = query.data as BlockType[];
    return {
      types,
      byType: new Map(types.map((type) => [type.type, type])),
      rules: new Map(types.map((type) => [type.type, type.children])),
    };
  }, [query.data]);
  return { catalog, error: query.error, refetch: query.refetch };
}

/** The colour tokens every theme defines (the server's design settings), in the order it lists them. */
export const COLOR_TOKENS = [
  'primary',
  'secondary',
  'accent',
  'text',
  'background',
  'surface',
  'muted',
  'border',
] as const;
export type ColorToken = (typeof COLOR_TOKENS)[number];

/**
 * The site's colour tokens with their colours where known: the design settings for who may read
 * settings, else the branding colours every user sees; null is "the theme's own".
 */
export function useColorTokens(): { name: ColorToken; value: string | null; effective: string }[] {
  const can = useCan();
  const site = useSite().data;
  const design = useQuery({
    queryKey: ['settings', 'design'],
    queryFn: () => data(api.GET('/api/settings/{group}', { params: { path: { group: 'design' } } })),
    enabled: can('settings.view'),
    staleTime: 5 * 60_000,
  });
  const colors = (design.data?.colors ?? {}) as Partial<Record<ColorToken, string | null>>;
  const branding: Partial<Record<ColorToken, string | null>> = {
    primary: site?.branding.primary_color ?? null,
    secondary: site?.branding.secondary_color ?? null,
    accent: site?.branding.accent_color ?? null,
  };
  const set = Object.fromEntries(
    COLOR_TOKENS.map((name) => [name, colors[name] ?? branding[name] ?? null]),
  ) as Record<ColorToken, string | null>;
  const effective = effectiveColors(set);
  return COLOR_TOKENS.map((name) => ({ name, value: set[name], effective: effective[name] }));
}
