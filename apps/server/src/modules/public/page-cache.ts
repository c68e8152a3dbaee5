/** What the cache keeps of a page: the bytes and the headers it was first sent with. */
export interface StoredPage {
  status: 200 | 404 | 410;
  body: Buffer;
  etag: string;
  /** Security, type and caching headers of the first answer, sent again as they were. */
  headers: Readonly<Record<string, string>>;
  /** The same as a flat name, value list with the content length: what `writeHead` takes fastest. */
  rawHeaders: string[];
  /** When the page stops being right by itself (a conditional block's date), ms since the epoch. */
  expiresAt?: number;
}

interface Entry extends StoredPage {
  siteId: number;
  /** The site record's `updated_at` when rendered: a branding or locale change makes it stale. */
  siteStamp: string;
  tags: ReadonlySet<string>;
  bytes: number;
}

/** Every page of a site, whatever it shows. */
export const EVERYTHING = '*';

/**
 * Rendered pages per site and path, bounded in bytes (least recently used go first), each tagged
 * with what it shows (`entry:12`, `list:post`, `media:7`, `missing` for a 404) so a change drops
 * exactly the pages that show it. A hit reads no database.
 */
export class PageCache {
  private readonly pages = new Map<string, Entry>();
  private bytes = 0;

  // 16 MiB holds some 4,000 pages of 4 KB.
  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  get(siteId: number, siteStamp: string, path: string): StoredPage | null {
    const key = `${siteId} ${path}`;
    const entry = this.pages.get(key);
    if (!entry) return null;
    if (entry.siteStamp !== siteStamp || (entry.expiresAt !== undefined && Date.now() >= entry.expiresAt)) {
      this.drop(key, entry);
      return null;
    }
    // Most recently used last: Map keeps insertion order.
    this.pages.delete(key);
    this.pages.set(key, entry);
    return entry;
  }

  set(siteId: number, siteStamp: string, path: string, page: StoredPage, tags: readonly string[]): void {
    const key = `${siteId} ${path}`;
    const old = this.pages.get(key);
    if (old) this.drop(key, old);
    const bytes = page.body.length + key.length * 2 + 500;
    if (bytes > this.maxBytes / 4) return;
    this.pages.set(key, { ...page, siteId, siteStamp, tags: new Set(tags), bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  /** Drops the site's pages that carry any of `tags` (all of them for EVERYTHING). */
  invalidate(siteId: number, tags: readonly string[]): number {
    const all = tags.includes(EVERYTHING);
    let dropped = 0;
    for (const [key, entry] of this.pages) {
      if (entry.siteId !== siteId) continue;
      if (all || tags.some((tag) => entry.tags.has(tag))) {
        this.drop(key, entry);
        dropped++;
      }
    }
    return dropped;
  }

  clear(): void {
    this.pages.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.pages.size;
  }

  private drop(key: string, entry: Entry): void {
    this.pages.delete(key);
    this.bytes -= entry.bytes;
  }
}

const ENTRY_EVENT = /^([a-z][a-z0-9_]*)\.(created|updated|published|unpublished|scheduled|deleted)$/;

/** The tags a site event makes stale, or null when no page shows what it changed. */
export function tagsOfEvent(name: string, data: Record<string, unknown>): string[] | null {
  const id = typeof data.id === 'number' ? data.id : null;
  // A redirect can take over any address, cached or not.
  // Menus show on every page (header, footer, menu blocks).
  if (
    name === 'settings.updated' ||
    name === 'content.imported' ||
    name.startsWith('redirect.') ||
    name.startsWith('menu.') ||
    name.startsWith('widget.') ||
    name.startsWith('section.')
  )
    return [EVERYTHING];
  if (name.startsWith('media.')) return id === null ? null : [`media:${id}`];
  // A synced pattern shows on every page placing it.
  if (name.startsWith('pattern.')) return id === null ? null : [`pattern:${id}`];
  // A comment shows on its entry's page, a closed or opened discussion changes the form there. One
  // posted and held shows nowhere yet (its author sees it through a page no cache keeps).
  if (name === 'comment.created' && data.status !== 'approved') return null;
  if (name.startsWith('comment.') || name.startsWith('discussion.'))
    return typeof data.entry_id === 'number' ? [`entry:${data.entry_id}`] : null;
  if (name.startsWith('user.')) return null;
  const entry = ENTRY_EVENT.exec(name);
  // An entry changed: its own page, the lists of its type, 404s that may now be it, and the pages
  // of a tree its path belongs to (a parent's new slug moves every descendant's address).
  if (entry && id !== null) return [`entry:${id}`, `list:${entry[1]}`, `tree:${entry[1]}`, 'missing'];
  return null;
}
