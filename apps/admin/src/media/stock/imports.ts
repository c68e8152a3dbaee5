import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Media } from '../model.js';
import { importStockPhoto, type StockPhoto, type StockProviderName } from './queries.js';

export type ImportState =
  | { state: 'waiting' }
  | { state: 'importing' }
  | { state: 'done'; media: Media }
  | { state: 'failed'; error: unknown };

/** A photo of a provider: ids are only unique within one. */
export const photoKey = (provider: string, id: string) => `${provider}:${id}`;

/** At most this many imports at once: the upload rate limit counts every one, and each is a download. */
const AT_ONCE = 2;

interface Queued {
  key: string;
  provider: StockProviderName;
  id: string;
  folderId: number | null;
}

/**
 * Photos going into the library, each with its state and, when refused, why. The server downloads
 * and converts a photo in one call, so a photo's progress is its state: waiting, importing, done.
 * `onImported` hears of each new item (the picker ticks it).
 */
export function useStockImports(onImported?: (media: Media) => void) {
  const client = useQueryClient();
  const [states, setStates] = useState<Record<string, ImportState>>({});
  const waiting = useRef<Queued[]>([]);
  const running = useRef(0);
  const heard = useRef(onImported);
  useEffect(() => {
    heard.current = onImported;
  }, [onImported]);

  const set = useCallback(
    (key: string, state: ImportState) => setStates((all) => ({ ...all, [key]: state })),
    [],
  );

  const pump = useCallback(() => {
    while (running.current < AT_ONCE && waiting.current.length > 0) {
      const next = waiting.current.shift();
      if (!next) break;
      running.current++;
      set(next.key, { state: 'importing' });
      importStockPhoto(next.provider, next.id, next.folderId)
        .then((media) => {
          set(next.key, { state: 'done', media });
          heard.current?.(media);
          void client.invalidateQueries({ queryKey: ['media'] });
        })
        .catch((error: unknown) => set(next.key, { state: 'failed', error }))
        .finally(() => {
          running.current--;
          pump();
        });
    }
  }, [client, set]);

  /** Queues the photos not already waiting, importing or imported (a failed one is tried again). */
  const start = useCallback(
    (provider: StockProviderName, photos: readonly StockPhoto[], folderId: number | null) => {
      const busy = (key: string) => states[key] !== undefined && states[key].state !== 'failed';
      const added = photos
        .map((photo) => ({ key: photoKey(provider, photo.id), provider, id: photo.id, folderId }))
        .filter((queued) => !busy(queued.key));
      setStates((all) => ({
        ...all,
        ...Object.fromEntries(added.map(({ key }) => [key, { state: 'waiting' } as const])),
      }));
      waiting.current.push(...added);
      pump();
    },
    [pump, states],
  );

  const values = Object.values(states);
  return {
    states,
    start,
    /** The round under way: how many were asked, done and failed (all finished when none is left). */
    summary: {
      count: values.length,
      done: values.filter((value) => value.state === 'done').length,
      failed: values.filter((value) => value.state === 'failed').length,
      running: values.some((value) => value.state === 'waiting' || value.state === 'importing'),
    },
  };
}

export type StockImports = ReturnType<typeof useStockImports>;
