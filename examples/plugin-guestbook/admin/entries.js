// @ts-check
/**
 * @typedef {{ id: number; name: string; message: string; created_at: string }} GuestbookEntry
 * @typedef {import('@tessera/plugin/admin').AdminContext} AdminContext
 */

/** The most the screen and the card ask for: the guestbook's own list route caps it there. */
export const LIMIT = 100;

/** The query of the visible entries, shared by the screen and the card (one request for both). */
export function entriesQuery(/** @type {AdminContext} */ admin) {
  return {
    queryKey: ['guestbook', 'entries'],
    /** @returns {Promise<GuestbookEntry[]>} */
    queryFn: () => admin.api.get('/entries', { limit: LIMIT }),
  };
}
