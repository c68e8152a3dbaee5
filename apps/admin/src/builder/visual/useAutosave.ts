import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../../api.js';
import type { Block } from '../tree.js';
import type { Opened, Target } from './targets.js';

export type SaveStatus = 'saved' | 'unsaved' | 'saving' | 'failed' | 'conflict' | 'locked';

/** How long after the last change a draft is saved. */
export const AUTOSAVE_MS = 2500;
/** Waits before trying again after the network or the server failed. */
const RETRY_MS = [3000, 10_000, 30_000];

/**
 * Saving the builder's draft: a few seconds after the last change, when the tab is hidden, and on
 * demand (before publishing, before leaving). A failed save keeps the change and tries again (a short
 * network loss loses nothing); a stale version (409) or a lock taken over (423) stops saving and is
 * said, never overwritten.
 */
export function useAutosave(options: {
  target: Target;
  opened: Opened;
  /** The tree to store (document.ts storedTree), a new object on each change. */
  blocks: readonly Block[];
  /** Off while the page is read-only (locked by someone else). */
  enabled: boolean;
  onSaved: (opened: Opened) => void;
}) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [error, setError] = useState<ApiError | null>(null);
  /** The last failed save's HTTP status (0: no answer); 422 waits for the user's next change. */
  const [failedStatus, setFailedStatus] = useState<number | null>(null);
  const saved = useRef<readonly Block[]>(options.blocks);
  const opened = useRef(options.opened);
  const latest = useRef(options);
  latest.current = options;
  const running = useRef<Promise<boolean> | null>(null);
  const failures = useRef(0);
  const stopped = useRef(false);

  const saveNow = useCallback(async (): Promise<boolean> => {
    if (running.current) await running.current;
    const blocks = latest.current.blocks;
    if (blocks === saved.current) return true;
    if (stopped.current) return false;
    setStatus('saving');
    const run = (async () => {
      const result = await latest.current.target.save(blocks as Block[], opened.current);
      if (result.ok) {
        saved.current = blocks;
        opened.current = result.opened;
        failures.current = 0;
        setError(null);
        setFailedStatus(null);
        latest.current.onSaved(result.opened);
        setStatus(latest.current.blocks === blocks ? 'saved' : 'unsaved');
        return true;
      }
      setError(result.error);
      setFailedStatus(result.status);
      if (result.status === 409) {
        stopped.current = true;
        setStatus('conflict');
      } else if (result.status === 423) {
        stopped.current = true;
        setStatus('locked');
      } else {
        failures.current += 1;
        setStatus('failed');
      }
      return false;
    })();
    running.current = run;
    try {
      return await run;
    } finally {
      running.current = null;
    }
  }, []);

  const dirty = options.blocks !== saved.current;
  /** Read when asked (a move away), not at the last render: a save may have just ended. */
  const unsaved = useCallback(() => latest.current.blocks !== saved.current, []);
  // A change: saved a moment after the last one (each change starts the wait again), and changes
  // made while a save was on its way once it is back (`status` leaves 'saving').
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new tree is what restarts the wait
  useEffect(() => {
    // Back to what was saved (a change undone before its save): nothing is left to save.
    if (!dirty && status === 'unsaved') {
      setStatus('saved');
      return;
    }
    if (!dirty || !options.enabled || !options.target.autosave || stopped.current || status === 'saving')
      return;
    if (status === 'saved') setStatus('unsaved');
    const timer = window.setTimeout(() => void saveNow(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [options.blocks, dirty, status, options.enabled, options.target.autosave, saveNow]);
  useEffect(() => {
    if (dirty && !options.target.autosave) setStatus('unsaved');
  }, [dirty, options.target.autosave]);

  // Failed: tried again later, and at once when the network is back.
  useEffect(() => {
    if (status !== 'failed' || !options.enabled || failedStatus === 422) return;
    const wait = RETRY_MS[Math.min(failures.current - 1, RETRY_MS.length - 1)] ?? 30_000;
    const timer = window.setTimeout(() => void saveNow(), wait);
    const online = () => void saveNow();
    window.addEventListener('online', online);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', online);
    };
  }, [status, failedStatus, options.enabled, saveNow]);

  // Leaving: the tab hidden saves at once; closing it with changes not yet stored asks first.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden' && latest.current.enabled && latest.current.target.autosave)
        void saveNow();
    };
    const leaving = (event: BeforeUnloadEvent) => {
      if (latest.current.blocks !== saved.current) event.preventDefault();
    };
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('beforeunload', leaving);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('beforeunload', leaving);
    };
  }, [saveNow]);

  /** After a conflict or a lock was settled (reloaded, taken over): saving resumes. */
  const resume = useCallback((next: Opened, blocks: readonly Block[]) => {
    stopped.current = false;
    opened.current = next;
    saved.current = blocks;
    failures.current = 0;
    setError(null);
    setFailedStatus(null);
    setStatus('saved');
  }, []);

  /** Saving resumes over what the server has now (the user keeps their version). */
  const overwrite = useCallback(
    async (next: Opened) => {
      stopped.current = false;
      opened.current = next;
      return saveNow();
    },
    [saveNow],
  );

  return { status, error, invalid: failedStatus === 422, dirty, unsaved, saveNow, resume, overwrite };
}
