import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson } from '../../../core/db/engine.js';
import type { EntryState } from '../entries/entry.js';
import type { RevisionTable } from '../tables.js';

export interface Revision {
  id: number;
  entry_id: number;
  version: number;
  author_id: number | null;
  note: string;
  state: EntryState;
  created_at: string;
}

function revisionOf(row: Selectable<RevisionTable>): Revision {
  return { ...row, state: readJson<EntryState>(row.state, {} as EntryState) };
}

/** Revisions of a site's entries: one per save, each the full state. */
export class RevisionsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async insert(
    entryId: number,
    version: number,
    authorId: number | null,
    state: EntryState & { path?: string },
    note: string,
    at: string,
  ): Promise<number> {
    const { path: _path, ...content } = state;
    const row = await this.db
      .insertInto('revisions', {
        entry_id: entryId,
        version,
        author_id: authorId,
        note,
        state: JSON.stringify(content),
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async byId(entryId: number, id: number): Promise<Revision | null> {
    const row = await this.db
      .selectFrom('revisions')
      .selectAll()
      .where('entry_id', '=', entryId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? revisionOf(row) : null;
  }

  async latestId(entryId: number): Promise<number | null> {
    const row = await this.db
      .selectFrom('revisions')
      .select('id')
      .where('entry_id', '=', entryId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async list(entryId: number, page: number, limit: number): Promise<{ items: Revision[]; total: number }> {
    const base = this.db.selectFrom('revisions').where('entry_id', '=', entryId);
    const counted = await base
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await base
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { items: rows.map(revisionOf), total: Number(counted.n) };
  }

  /**
   * Keeps the newest `keep` revisions of the entry, and always the published one (`liveId`); the
   * rest go, oldest first. With `keep` 0 only the published one stays.
   */
  async prune(entryId: number, keep: number, liveId: number | null): Promise<void> {
    const kept = await this.db
      .selectFrom('revisions')
      .select('id')
      .where('entry_id', '=', entryId)
      .orderBy('id', 'desc')
      .limit(keep)
      .execute();
    const keepIds = [...kept.map((row) => row.id), ...(liveId === null ? [] : [liveId])];
    let query = this.db.deleteFrom('revisions').where('entry_id', '=', entryId);
    if (keepIds.length > 0) query = query.where('id', 'not in', keepIds);
    await query.execute();
  }
}
