import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, toApiError } from '../../api.js';
import { asApiError, fieldErrors, sayInLanguage } from '../../forms.js';
import { useByteFormat } from '../../media/format.js';
import { bodySizeOf } from './body-size.js';
import { entryProblems, fieldProblems } from './field-checks.js';
import { changesOf, type Draft, type Entry, type FieldDefinition } from './model.js';

/**
 * Saving the editor: a new entry is created (POST), an existing one changed (PUT with its version,
 * only what changed). The server's 422 messages land beside their fields; a stale version (someone
 * saved in between) and a lock taken over are said in words, never overwritten.
 */
export function useEntrySave(options: {
  type: string;
  entry: Entry | null;
  saved: Draft;
  draft: Draft;
  /** The type's fields: their rules are checked before the round trip. */
  fields: readonly FieldDefinition[];
  /** The largest body the server accepts: a save over it is not sent (it would get 413). */
  bodyLimit: number | undefined;
  onSaved: (entry: Entry, created: boolean) => void;
  onLocked: () => void;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<ApiError | null>(null);
  const bytes = useByteFormat();

  async function run(): Promise<Entry | null> {
    const { type, entry, saved, draft } = options;
    const found = {
      ...entryProblems(draft, sayInLanguage),
      ...fieldProblems(options.fields, draft.fields, sayInLanguage),
    };
    const local = asApiError(found);
    if (local) {
      setProblem(local);
      return null;
    }
    const body = entry
      ? { version: entry.version, ...withoutEmptySlug(changesOf(saved, draft)) }
      : creation(draft);
    // The server would refuse it whole: said here, with the way out, and the text stays in the editor.
    const size = bodySizeOf(JSON.stringify(body), options.bodyLimit);
    if (size?.state === 'over') {
      setProblem({
        message: t('editor.size.notSent', { size: bytes(size.bytes), limit: bytes(size.limit) }),
        errors: {},
        code: 'payload_too_large',
      });
      return null;
    }
    setPending(true);
    setProblem(null);
    try {
      const answer = entry
        ? await api.PUT('/api/content/{type}/{id}', {
            params: { path: { type, id: entry.id } },
            body: body as never,
          })
        : await api.POST('/api/content/{type}', {
            params: { path: { type } },
            body: body as never,
          });
      if (answer.data) {
        options.onSaved(answer.data.data, entry === null);
        return answer.data.data;
      }
      const error = toApiError(answer.error, answer.response);
      if (answer.response.status === 423) options.onLocked();
      setProblem(
        answer.response.status === 409 && error.code === 'stale_version'
          ? { ...error, message: t('editor.staleVersion') }
          : error,
      );
      return null;
    } catch (error) {
      setProblem(toApiError(error));
      return null;
    } finally {
      setPending(false);
    }
  }

  return {
    run,
    pending,
    error: problem?.message ?? null,
    errors: fieldErrors(problem),
  };
}

/** An empty slug means "make it from the title": the server does so when none is sent. */
function withoutEmptySlug(changes: Partial<Draft>): Partial<Draft> {
  const { slug, ...rest } = changes;
  return slug ? { ...rest, slug } : rest;
}

/**
 * A new entry's body: no empty block tree, which types without the builder refuse, and no author
 * unless one was chosen (null would store an entry by nobody; unsent, it is by its writer).
 */
function creation(draft: Draft): Partial<Draft> {
  const { blocks, author_id, ...rest } = withoutEmptySlug(draft);
  return {
    ...rest,
    ...(blocks && blocks.length > 0 ? { blocks } : {}),
    ...(author_id !== null && author_id !== undefined ? { author_id } : {}),
  };
}
