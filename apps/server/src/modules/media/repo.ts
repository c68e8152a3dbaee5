import { type Selectable, sql } from 'kysely';
import type { SiteScopedDb } from '../../core/db/data.js';
import { startsWith } from '../../core/plugins/uninstall.js';
import './tables.js';
import type { MediaFolderTable, MediaGroup, MediaTable, MediaUsageTable } from './tables.js';

export type MediaRow = Selectable<MediaTable>;
export type FolderRow = Selectable<MediaFolderTable>;
export type UsageRow = Selectable<MediaUsageTable>;

export interface MediaFilter {
  /** Words found in the original name, stored name, title or alt text. */
  search?: string;
  group?: MediaGroup;
  mime?: string;
  /** Created at or after / before, ISO 8601. */
  from?: string;
  to?: string;
  /** null: media outside every folder; a list: media in any of these folders. */
  folderIds?: readonly number[] | null;
  uploadedBy?: number;
  orphaned?: boolean;
  /** Created before, for the orphan job. */
  createdBefore?: string;
}

/** `%text%` for LIKE with `\` escaping the wildcards, matched with ESCAPE on both engines. */
function containing(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The media items, folders and usage rows of one site. */
export class MediaRepo {
  constructor(private readonly db: SiteScopedDb) {}

  async byId(id: number): Promise<MediaRow | null> {
    return (await this.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  byIds(ids: readonly number[]): Promise<MediaRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('media')
      .selectAll()
      .where('id', 'in', [...ids])
      .execute();
  }

  async firstWithHash(hash: string): Promise<MediaRow | null> {
    return (
      (await this.db
        .selectFrom('media')
        .selectAll()
        .where('hash', '=', hash)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst()) ?? null
    );
  }

  async insert(values: Omit<MediaTable, 'id' | 'site_id'>): Promise<number> {
    const row = await this.db.insertInto('media', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: number, changes: Partial<Omit<MediaTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('media').set(changes).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('media').where('id', '=', id).execute();
  }

  async list(filter: MediaFilter, page: number, limit: number): Promise<{ rows: MediaRow[]; total: number }> {
    let query = this.db.selectFrom('media');
    if (filter.search) {
      for (const word of filter.search.split(/\s+/).filter(Boolean)) {
        const pattern = containing(word);
        query = query.where((eb) =>
          eb.or(
            (['original_name', 'file_name', 'title', 'alt_text'] as const).map(
              (column) => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`,
            ),
          ),
        );
      }
    }
    if (filter.group) query = query.where('type_group', '=', filter.group);
    if (filter.mime) query = query.where('mime_type', '=', filter.mime);
    if (filter.from) query = query.where('created_at', '>=', filter.from);
    if (filter.to) query = query.where('created_at', '<', filter.to);
    if (filter.createdBefore) query = query.where('created_at', '<', filter.createdBefore);
    if (filter.folderIds === null) query = query.where('folder_id', 'is', null);
    else if (filter.folderIds) query = query.where('folder_id', 'in', [...filter.folderIds]);
    if (filter.uploadedBy !== undefined) query = query.where('uploaded_by', '=', filter.uploadedBy);
    if (filter.orphaned !== undefined) {
      // Correlated on the outer row; the usage table is scoped to the site like every site table.
      const used = sql<boolean>`exists (select 1 from media_usage u where u.site_id = media.site_id and u.media_id = media.id)`;
      query = query.where(filter.orphaned ? sql<boolean>`not ${used}` : used);
    }
    const counted = await query
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute();
    return { rows, total: Number(counted.n) };
  }

  /** How many items are in each of these folders. */
  async countInFolders(folderIds: readonly number[]): Promise<number> {
    if (folderIds.length === 0) return 0;
    const row = await this.db
      .selectFrom('media')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('folder_id', 'in', [...folderIds])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Media directly in each folder that holds any. */
  async countByFolder(): Promise<Map<number, number>> {
    const rows = await this.db
      .selectFrom('media')
      .select(['folder_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where('folder_id', 'is not', null)
      .groupBy('folder_id')
      .execute();
    return new Map(rows.map((row) => [row.folder_id as number, Number(row.n)]));
  }

  /** Who uploaded the media directly in a folder (null for an unknown uploader), each once. */
  async uploadersIn(folderId: number): Promise<(number | null)[]> {
    const rows = await this.db
      .selectFrom('media')
      .select('uploaded_by')
      .distinct()
      .where('folder_id', '=', folderId)
      .execute();
    return rows.map((row) => row.uploaded_by);
  }

  async moveFolderContents(from: number, to: number | null, at: string): Promise<void> {
    await this.db
      .updateTable('media')
      .set({ folder_id: to, updated_at: at })
      .where('folder_id', '=', from)
      .execute();
  }

  // Folders

  folders(): Promise<FolderRow[]> {
    return this.db.selectFrom('media_folders').selectAll().orderBy('name').orderBy('id').execute();
  }

  async folder(id: number): Promise<FolderRow | null> {
    return (
      (await this.db.selectFrom('media_folders').selectAll().where('id', '=', id).executeTakeFirst()) ?? null
    );
  }

  async folderNamed(parentId: number | null, name: string, exceptId?: number): Promise<FolderRow | null> {
    let query = this.db
      .selectFrom('media_folders')
      .selectAll()
      .where(sql<boolean>`lower(name) = ${name.toLowerCase()}`);
    query =
      parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    return (await query.executeTakeFirst()) ?? null;
  }

  async insertFolder(values: Omit<MediaFolderTable, 'id' | 'site_id'>): Promise<number> {
    const row = await this.db.insertInto('media_folders', values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async updateFolder(id: number, changes: Partial<Omit<MediaFolderTable, 'id' | 'site_id'>>): Promise<void> {
    await this.db.updateTable('media_folders').set(changes).where('id', '=', id).execute();
  }

  async reparentFolders(from: number, to: number | null, at: string): Promise<void> {
    await this.db
      .updateTable('media_folders')
      .set({ parent_id: to, updated_at: at })
      .where('parent_id', '=', from)
      .execute();
  }

  async deleteFolder(id: number): Promise<void> {
    await this.db.deleteFrom('media_folders').where('id', '=', id).execute();
  }

  // Usage

  usageOf(mediaId: number): Promise<UsageRow[]> {
    return this.db
      .selectFrom('media_usage')
      .selectAll()
      .where('media_id', '=', mediaId)
      .orderBy('owner_type')
      .orderBy('owner_id')
      .orderBy('path')
      .execute();
  }

  async countUsesStartingWith(prefix: string): Promise<number> {
    const row = await this.db
      .selectFrom('media_usage')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(sql<boolean>`owner_type like ${startsWith(prefix)} escape '\\'`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every use recorded by owners whose type starts with `prefix` (an uninstalled plugin's `<area>.`). */
  async forgetUsesStartingWith(prefix: string): Promise<number> {
    const result = await this.db
      .deleteFrom('media_usage')
      .where(sql<boolean>`owner_type like ${startsWith(prefix)} escape '\\'`)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The owner's usage rows become exactly `rows`. */
  async replaceUsage(
    ownerType: string,
    ownerId: number,
    rows: ReadonlyArray<{ mediaId: number; path: string }>,
  ): Promise<void> {
    await this.db
      .deleteFrom('media_usage')
      .where('owner_type', '=', ownerType)
      .where('owner_id', '=', ownerId)
      .execute();
    if (rows.length === 0) return;
    await this.db
      .insertInto(
        'media_usage',
        rows.map((row) => ({
          media_id: row.mediaId,
          owner_type: ownerType,
          owner_id: ownerId,
          path: row.path,
        })),
      )
      .execute();
  }
}
