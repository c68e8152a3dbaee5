import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiError, api, toApiError } from '../../api.js';

export type LockState =
  | { kind: 'none' }
  | { kind: 'mine'; expiresAt: string }
  /** Someone else holds it: the editor is read-only until it lapses or is taken over. */
  | { kind: 'theirs'; userId: number | null; message: string }
  /** Held, then lost: someone took it over while this editor was open. */
  | { kind: 'lost' };

const HEARTBEAT_MS = 30_000;

/**
 * The entry's edit lock (spec 1): taken on open, renewed by heartbeat while the editor is open,
 * released on leaving. A lock held by someone else is shown with a way to take it over.
 */
export function useEditLock(type: string, id: number | null, enabled: boolean) {
  const [lock, setLock] = useState<LockState>({ kind: 'none' });
  const held = useRef(false);

  const take = useCallback(
    async (takeover = false): Promise<ApiError | null> => {
      if (id === null) return null;
      const { data, error, response } = await api.POST('/api/content/{type}/{id}/lock', {
        params: { path: { type, id }, query: takeover ? { takeover: true } : {} },
      });
      if (data) {
        held.current = true;
        setLock({ kind: 'mine', expiresAt: data.data.expires_at });
        return null;
      }
      const problem = toApiError(error, response);
      if (response.status === 423) {
        setLock(
          held.current
            ? { kind: 'lost' }
            : { kind: 'theirs', userId: holderOf(problem), message: problem.message },
        );
        held.current = false;
      }
      return problem;
    },
    [type, id],
  );

  useEffect(() => {
    if (!enabled || id === null) return;
    void take();
    const timer = setInterval(() => {
      if (held.current) void take();
    }, HEARTBEAT_MS);
    const release = () => {
      if (!held.current) return;
      held.current = false;
      // The page is going away: the request must outlive it.
      void api.DELETE('/api/content/{type}/{id}/lock', { params: { path: { type, id } }, keepalive: true });
    };
    window.addEventListener('pagehide', release);
    return () => {
      clearInterval(timer);
      window.removeEventListener('pagehide', release);
      release();
    };
  }, [enabled, id, type, take]);

  /** A save answered 423: the lock went to someone else. */
  const lost = useCallback(() => {
    held.current = false;
    setLock({ kind: 'lost' });
  }, []);

  return { lock, takeOver: () => take(true), retake: () => take(false), lost };
}

/** The holder's user id from the server's 423 message ("User 7 holds the edit lock since ..."). */
function holderOf(problem: ApiError): number | null {
  const match = /User (\d+) holds/.exec(problem.message);
  return match ? Number(match[1]) : null;
}
