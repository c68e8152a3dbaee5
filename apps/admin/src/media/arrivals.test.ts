import { describe, expect, it } from 'vitest';
import { withArrival } from './arrivals.js';
import type { Media } from './model.js';
import type { MediaQuery } from './queries.js';

const media = (id: number, type_group = 'image', folder_id: number | null = null) =>
  ({ id, type_group, folder_id }) as Media;
const meta = { total: 2, per_page: 2, current_page: 1, last_page: 1 };
const query: MediaQuery = { search: '', kind: 'image', folder: null, page: 1, limit: 2 };
const list = { items: [media(2), media(1)], meta };

describe('withArrival', () => {
  it('puts a new upload first on the first page its filters take, at once', () => {
    expect(withArrival(list, query, media(3))).toEqual({
      items: [media(3), media(2)],
      meta: { ...meta, total: 3, last_page: 2 },
    });
    // The empty list the picker showed before the first upload.
    expect(withArrival({ items: [], meta: { ...meta, total: 0 } }, query, media(3))?.items).toEqual([
      media(3),
    ]);
    expect(withArrival(list, { ...query, folder: 'none' }, media(3))?.items[0]).toEqual(media(3));
    expect(withArrival(list, { ...query, folder: 7 }, media(3, 'image', 7))?.items[0]).toEqual(
      media(3, 'image', 7),
    );
  });

  it('leaves pages it cannot be sure of to their refetch', () => {
    expect(withArrival(list, { ...query, kind: 'document' }, media(3))).toBeUndefined();
    expect(withArrival(list, { ...query, folder: 7 }, media(3))).toBeUndefined();
    expect(withArrival(list, { ...query, search: 'boat' }, media(3))).toBeUndefined();
    expect(withArrival(list, { ...query, page: 2 }, media(3))).toBeUndefined();
    expect(withArrival(list, { ...query, narrowing: { orphaned: true } }, media(3))).toBeUndefined();
    expect(withArrival(list, query, media(2))).toBeUndefined();
    expect(withArrival(undefined, query, media(3))).toBeUndefined();
  });
});
