import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { api, data } from '../api.js';
import { builtinWord } from '../content/builtin-words.js';

export const TAXONOMIES = ['taxonomies'] as const;

function fetchTaxonomies() {
  return data(api.GET('/api/taxonomies'));
}

export type Taxonomy = Awaited<ReturnType<typeof fetchTaxonomies>>[number];

/** The site's taxonomies (built-in and custom), each with the content types using it. */
export function useTaxonomies() {
  return useQuery({ queryKey: TAXONOMIES, queryFn: fetchTaxonomies, staleTime: 5 * 60_000 });
}

/** Every term of a taxonomy, or those whose name contains `q`: the key a change invalidates. */
export function termsKey(taxonomy: string, q?: string) {
  return q ? (['terms', taxonomy, q] as const) : (['terms', taxonomy] as const);
}

export function fetchTerms(taxonomy: string, q?: string) {
  return data(
    api.GET('/api/taxonomies/{taxonomy}/terms', {
      params: { path: { taxonomy }, query: q ? { q } : {} },
    }),
  );
}

export type Term = Awaited<ReturnType<typeof fetchTerms>>[number];

/** A taxonomy's terms in the server's order (position, then name), each with its published-entry count. */
export function useTerms(taxonomy: string, q?: string) {
  return useQuery({
    queryKey: termsKey(taxonomy, q),
    queryFn: () => fetchTerms(taxonomy, q),
    // A new search shows the last answer until its own comes; another taxonomy starts empty.
    placeholderData: (previous, query) => (query?.queryKey[1] === taxonomy ? previous : undefined),
  });
}

/** The English labels the built-in taxonomies are seeded with. */
const SEEDED: Record<string, { singular: string; plural: string }> = {
  category: { singular: 'Category', plural: 'Categories' },
  tag: { singular: 'Tag', plural: 'Tags' },
};

export interface TaxonomyLabels {
  singular: string;
  plural: string;
}

/**
 * What a taxonomy is called in the interface's language: a built-in one translated while it keeps
 * its seeded English labels (once an administrator renames it, their wording wins), a custom one as
 * it was named.
 */
export function labelsOf(t: TFunction, slug: string, taxonomy?: Taxonomy): TaxonomyLabels {
  const seeded = SEEDED[slug];
  if (
    seeded &&
    (!taxonomy || (taxonomy.singular_label === seeded.singular && taxonomy.plural_label === seeded.plural))
  )
    return {
      singular: t(`taxonomies.builtin.${slug}.singular`),
      plural: t(`taxonomies.builtin.${slug}.plural`),
    };
  return { singular: taxonomy?.singular_label ?? slug, plural: taxonomy?.plural_label ?? slug };
}

/** The term every post falls back to; the server refuses to delete it or change its slug. */
export function isDefaultTerm(taxonomy: string, term: Pick<Term, 'slug'>): boolean {
  return taxonomy === 'category' && term.slug === 'uncategorized';
}

/** A term's name as shown: the default category's built-in "Uncategorized" in the admin's language. */
export function termName(t: TFunction, taxonomy: string, term: Pick<Term, 'slug' | 'name'>): string {
  return isDefaultTerm(taxonomy, term) ? builtinWord(t, term.name) : term.name;
}

/** Adds a term from a picker: it shows at once, then the lists are fetched again. */
export function useCreateTerm(taxonomy: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; parent_id?: number | null; position?: number }) =>
      data(api.POST('/api/taxonomies/{taxonomy}/terms', { params: { path: { taxonomy } }, body })),
    onSuccess: (term) => {
      client.setQueryData<Term[]>(termsKey(taxonomy), (terms) => (terms ? [...terms, term] : terms));
      void client.invalidateQueries({ queryKey: termsKey(taxonomy) });
    },
  });
}
