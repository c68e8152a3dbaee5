import { useQuery } from '@tanstack/react-query';
import { api, data } from '../api.js';
import { useCan } from '../session.js';

/** The site's content types (built-in and custom), for the navigation and the lists' titles. */
export function useContentTypes() {
  return useQuery({
    queryKey: ['content-types'],
    queryFn: () => data(api.GET('/api/content-types')),
    staleTime: 5 * 60_000,
  });
}

/** The permission area of a type: spec 2.7's `pages` and `posts`, else the custom type's slug. */
export function areaOf(slug: string): string {
  return slug === 'page' || slug === 'post' ? `${slug}s` : slug;
}

/** The content types whose entries the user may read: those a link or a menu item can name. */
export function useReadableTypes(): Array<{ slug: string; label: string; singular: string }> {
  const can = useCan();
  const types = useContentTypes().data ?? [];
  return types
    .filter((type) => can(`${areaOf(type.slug)}.view`))
    .map((type) => ({ slug: type.slug, label: type.plural_label, singular: type.singular_label }));
}
