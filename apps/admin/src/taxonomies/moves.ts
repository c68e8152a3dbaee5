import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, data } from '../api.js';
import type { Placement } from '../shell/tree.js';
import { type Term, termsKey } from './queries.js';
import { applyChanges, changesFor } from './tree.js';

/**
 * Moves a term in a taxonomy's tree: the tree shows the result at once, the PUTs go one after the
 * other (the moved term first, so a refused parent leaves the siblings as they were), and the tree
 * is fetched again from the server whatever happened.
 */
export function useTermMove(taxonomy: string) {
  const client = useQueryClient();
  const key = termsKey(taxonomy);
  return useMutation({
    mutationFn: async (placement: Placement) => {
      const terms = client.getQueryData<Term[]>(key) ?? [];
      const changes = changesFor(terms, placement);
      if (changes.length === 0) return;
      await client.cancelQueries({ queryKey: key });
      client.setQueryData<Term[]>(key, applyChanges(terms, changes));
      for (const { id, ...body } of changes)
        await data(
          api.PUT('/api/taxonomies/{taxonomy}/terms/{id}', { params: { path: { taxonomy, id } }, body }),
        );
    },
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
