import { Box } from '@mantine/core';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../shell/NotFoundPage.js';
import { Pending } from '../../shell/Shell.js';
import { CATALOG_QUERY, useCatalog } from '../queries.js';
import { BuilderEditor } from './BuilderEditor.js';
import { pageTarget, patternTarget, sectionTarget, type Target } from './targets.js';

/**
 * /builder/page/:id, /builder/header, /builder/footer, /builder/pattern/:id: the visual builder on
 * what the address names, loaded afresh each time it opens.
 */
export function BuilderPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const found = useMemo((): { target: Target; backTo: string } | null => {
    switch (params.kind) {
      case 'page':
        return Number.isInteger(id) && id > 0
          ? { target: pageTarget(id), backTo: `/content/page/${id}` }
          : null;
      case 'header':
      case 'footer':
        return {
          target: sectionTarget(params.kind, t(`builder.visual.${params.kind}`)),
          backTo: '/appearance/sections',
        };
      case 'pattern':
        return Number.isInteger(id) && id > 0
          ? { target: patternTarget(id), backTo: '/appearance/patterns' }
          : null;
      default:
        return null;
    }
  }, [params.kind, id, t]);
  const opened = useQuery({
    queryKey: openedKey(params.kind, id),
    queryFn: () => (found as { target: Target }).target.load(),
    enabled: found !== null,
    // What is opened is edited: never an old copy, never fetched again behind the editor's back.
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const { catalog, error, refetch } = useCatalog();
  // Outside the shell: a page or pattern that is not there (404) is said with a way back, in a frame.
  const missing = (opened.error as { code?: string } | null)?.code?.endsWith('not_found') === true;
  if (!found || missing)
    return (
      <Box p="xl" maw={640} mx="auto">
        <NotFoundPage />
      </Box>
    );
  if (!opened.data || !catalog)
    return (
      <Pending
        error={opened.error ?? error}
        retry={() => {
          void opened.refetch();
          void refetch();
        }}
      />
    );
  return (
    <BuilderEditor
      key={`${params.kind}:${id}`}
      target={found.target}
      opened={opened.data}
      catalog={catalog}
      backTo={found.backTo}
    />
  );
}

const openedKey = (kind: string | undefined, id: number) => ['builder', 'open', kind, id];

/**
 * The builder's data asked for as soon as its code is here, while the app still checks the session
 * (main.tsx): the block types, and the page when it is a page that opens. Kept a moment for the
 * screen to take; a failure (no session) is asked again when the screen opens.
 */
export function prefetchBuilder(client: QueryClient, path: string): void {
  void client.prefetchQuery({ ...CATALOG_QUERY, retry: false });
  const page = /^\/admin\/builder\/page\/(\d+)$/.exec(path);
  const id = Number(page?.[1]);
  if (Number.isInteger(id) && id > 0)
    void client.prefetchQuery({
      queryKey: openedKey('page', id),
      queryFn: () => pageTarget(id).load(),
      gcTime: 30_000,
      retry: false,
    });
}
