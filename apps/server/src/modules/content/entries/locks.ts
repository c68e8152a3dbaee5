import type { Entry } from './repo.js';

/** An edit lock lapses after this long without a heartbeat, unless the site sets another time. */
export const DEFAULT_LOCK_IDLE_SECONDS = 120;

export interface LockView {
  user_id: number;
  since: string;
  expires_at: string;
}

/** Who holds the entry's edit lock now; null when nobody does or the holder went quiet too long. */
export function lockHolder(
  entry: Pick<Entry, 'lock_user_id' | 'lock_taken_at' | 'lock_seen_at'>,
  idleSeconds = DEFAULT_LOCK_IDLE_SECONDS,
  now = Date.now(),
): LockView | null {
  if (entry.lock_user_id === null || entry.lock_taken_at === null || entry.lock_seen_at === null) return null;
  const expiresAt = Date.parse(entry.lock_seen_at) + idleSeconds * 1000;
  if (expiresAt <= now) return null;
  return {
    user_id: entry.lock_user_id,
    since: entry.lock_taken_at,
    expires_at: new Date(expiresAt).toISOString(),
  };
}
