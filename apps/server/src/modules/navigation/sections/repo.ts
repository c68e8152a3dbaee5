import type { Block } from '@tessera/blocks';
import type { Selectable } from 'kysely';
import type { SiteScopedDb } from '../../../core/db/data.js';
import { readJson, writeJson } from '../../../core/db/engine.js';
import '../tables.js';
import type { SectionArea, SiteSectionRevisionTable, SiteSectionTable } from '../tables.js';

export interface SectionRow {
  area: SectionArea;
  draft: Block[];
  published: Block[] | null;
  version: number;
  saved_at: string;
  published_at: string | null;
}

export interface SectionRevision {
  id: number;
  area: SectionArea;
  kind: SiteSectionRevisionTable['kind'];
  blocks: Block[];
  user_id: number | null;
  created_at: string;
}

function rowOf(row: Selectable<SiteSectionTable>): SectionRow {
  return {
    area: row.area,
    draft: readJson<Block[]>(row.draft, []),
    published: row.published === null ? null : readJson<Block[]>(row.published, []),
    version: row.version,
    saved_at: row.saved_at,
    published_at: row.published_at,
  };
}

function revisionOf(row: Selectable<SiteSectionRevisionTable>): SectionRevision {
  return {
    id: row.id,
    area: row.area,
    kind: row.kind,
    blocks: readJson<Block[]>(row.blocks, []),
    user_id: row.user_id,
    created_at: row.created_at,
  };
}

/** A site's header and footer sections and their revisions. */
export class SectionsRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async all(): Promise<SectionRow[]> {
    return (await this.db.selectFrom('site_sections').selectAll().orderBy('area').execute()).map(rowOf);
  }

  async byArea(area: SectionArea): Promise<SectionRow | null> {
    const row = await this.db
      .selectFrom('site_sections')
      .selectAll()
      .where('area', '=', area)
      .executeTakeFirst();
    return row ? rowOf(row) : null;
  }

  /** The section's row id (what the media library's usage names it by); null before its first save. */
  async idOf(area: SectionArea): Promise<number | null> {
    const row = await this.db
      .selectFrom('site_sections')
      .select('id')
      .where('area', '=', area)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  async insert(row: SectionRow): Promise<void> {
    await this.db
      .insertInto('site_sections', {
        ...row,
        draft: writeJson(row.draft),
        published: row.published === null ? null : writeJson(row.published),
      })
      .execute();
  }

  /** Writes a new state if the section is still at `version`; false when someone got there first. */
  async update(
    area: SectionArea,
    version: number,
    changes: Partial<Omit<SectionRow, 'area'>>,
  ): Promise<boolean> {
    const { draft, published, ...rest } = changes;
    const result = await this.db
      .updateTable('site_sections')
      .set({
        ...rest,
        ...(draft === undefined ? {} : { draft: writeJson(draft) }),
        ...(published === undefined ? {} : { published: published === null ? null : writeJson(published) }),
      })
      .where('area', '=', area)
      .where('version', '=', version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addRevision(revision: Omit<SectionRevision, 'id'>): Promise<void> {
    await this.db
      .insertInto('site_section_revisions', { ...revision, blocks: writeJson(revision.blocks) })
      .execute();
  }

  async revisions(
    area: SectionArea,
    page: number,
    limit: number,
  ): Promise<{ items: SectionRevision[]; total: number }> {
    const base = this.db.selectFrom('site_section_revisions').where('area', '=', area);
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

  async revision(area: SectionArea, id: number): Promise<SectionRevision | null> {
    const row = await this.db
      .selectFrom('site_section_revisions')
      .selectAll()
      .where('area', '=', area)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? revisionOf(row) : null;
  }

  /** Keeps the newest `keep` revisions of the area. */
  async prune(area: SectionArea, keep: number): Promise<void> {
    const kept = await this.db
      .selectFrom('site_section_revisions')
      .select('id')
      .where('area', '=', area)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(keep - 1)
      .executeTakeFirst();
    if (kept)
      await this.db
        .deleteFrom('site_section_revisions')
        .where('area', '=', area)
        .where('id', '<', kept.id)
        .execute();
  }
}
