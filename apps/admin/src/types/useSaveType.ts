import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiError, api, data, toApiError } from '../api.js';
import { ME } from '../session.js';
import { type ContentType, changesOf, definitionOfType, renamesOf, type TypeDraft } from './model.js';
import { CONTENT_TYPES } from './queries.js';

export interface SaveRequest {
  draft: TypeDraft;
  /** The user agreed to lose the values the server named in its 409 `field_data_loss`. */
  confirmDataLoss: boolean;
}

/**
 * Creates the type (`saved` null) or sends what changed of it: only the properties that differ,
 * with the renames of saved fields' keys. Every content type query is refreshed after, so the
 * navigation shows a new type and its new name at once.
 */
export function useSaveType(saved: TypeDraft | null, onSaved: (type: ContentType, sent: TypeDraft) => void) {
  const client = useQueryClient();
  return useMutation<ContentType, ApiError, SaveRequest>({
    mutationFn: async ({ draft, confirmDataLoss }) => {
      try {
        if (!saved) {
          const { route_pattern, ...definition } = definitionOfType(draft);
          // Left empty, the server makes it from the slug (/<slug>/{slug}).
          const body = {
            slug: draft.slug.trim(),
            ...definition,
            ...(route_pattern ? { route_pattern } : {}),
          };
          return await data(api.POST('/api/content-types', { body }));
        }
        const changes = changesOf(saved, draft);
        const renames = changes.fields ? renamesOf(draft) : {};
        return await data(
          api.PUT('/api/content-types/{type}', {
            params: { path: { type: saved.slug } },
            body: {
              ...changes,
              ...(Object.keys(renames).length > 0 ? { renames } : {}),
              ...(confirmDataLoss ? { confirm_data_loss: true } : {}),
            },
          }),
        );
      } catch (failure) {
        throw toApiError(failure);
      }
    },
    onSuccess: (type, { draft }) => {
      client.setQueryData([...CONTENT_TYPES, type.slug], type);
      void client.invalidateQueries({ queryKey: CONTENT_TYPES });
      // A new type brings its permissions (`<slug>.view`...), which the navigation reads from /api/me.
      if (!saved) void client.invalidateQueries({ queryKey: ME });
      onSaved(type, draft);
    },
  });
}
