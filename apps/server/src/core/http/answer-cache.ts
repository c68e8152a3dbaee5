/** What the cache keeps of an API answer: its serialized body and content type (status is 200). */
export interface StoredAnswer {
  body: string;
  contentType: string;
}

interface Entry extends StoredAnswer {
  siteId: number;
  expiresAt: number;
  bytes: number;
}

/**
 * Where a read stands when it starts: the store that follows is refused if its site (or every site)
 * was changed meanwhile, so an answer built from data read before a write can never outlive it.
 */
export type ReadMark = number;

/**
 * API answers (GET routes that ask for it) per site, keyed by everything the answer depends on
 * (the site and its record's stamp, the caller and their permissions, the language, the address),
 * bounded in bytes with the least recently used going first. Any change to a site drops its answers;
 * an answer also lapses at its own time (an edit lock that expires) and after `maxAgeMs` at most, a
 * bound on what a change the events did not announce could leave standing.
 */
export class AnswerCache {
  private readonly answers = new Map<string, Entry>();
  private bytes = 0;
  /** Moves on at every change; a site's entry is the count when it last changed. */
  private changes = 0;
  private everythingChangedAt = 0;
  private readonly siteChangedAt = new Map<number, number>();

  constructor(
    private readonly maxBytes = 8 * 1024 * 1024,
    private readonly maxAgeMs = 60_000,
  ) {}

  /** Taken before a read's queries run; `set` needs it. */
  mark(): ReadMark {
    return this.changes;
  }

  get(key: string, now = Date.now()): StoredAnswer | null {
    const entry = this.answers.get(key);
    if (!entry) return null;
    this.answers.delete(key);
    if (entry.expiresAt <= now) {
      this.bytes -= entry.bytes;
      return null;
    }
    // Most recently used last: a Map keeps insertion order.
    this.answers.set(key, entry);
    return entry;
  }

  /**
   * Keeps an answer read since `mark`, unless its site changed since then; `until` (ms since the
   * epoch) ends it sooner than the maximum age.
   */
  set(siteId: number, key: string, answer: StoredAnswer, mark: ReadMark, until?: number, now = Date.now()) {
    if (this.everythingChangedAt > mark || (this.siteChangedAt.get(siteId) ?? 0) > mark) return;
    const bytes = answer.body.length * 2 + key.length * 2 + 200;
    if (bytes > this.maxBytes / 8) return;
    const old = this.answers.get(key);
    if (old) this.drop(key, old);
    const expiresAt = Math.min(now + this.maxAgeMs, until ?? Number.POSITIVE_INFINITY);
    this.answers.set(key, { ...answer, siteId, expiresAt, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.answers) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest, entry);
    }
  }

  /** A site changed: its answers go, and reads begun before now keep nothing. */
  forgetSite(siteId: number): void {
    this.changes += 1;
    this.siteChangedAt.set(siteId, this.changes);
    for (const [key, entry] of this.answers) if (entry.siteId === siteId) this.drop(key, entry);
  }

  /** Something every site may show changed (a user's name, a role): everything goes. */
  clear(): void {
    this.changes += 1;
    this.everythingChangedAt = this.changes;
    // Each site's mark is older than everything's now.
    this.siteChangedAt.clear();
    this.answers.clear();
    this.bytes = 0;
  }

  /** Bytes held, for tests and the operator's figures. */
  size(): { answers: number; bytes: number } {
    return { answers: this.answers.size, bytes: this.bytes };
  }

  private drop(key: string, entry: Entry): void {
    this.answers.delete(key);
    this.bytes -= entry.bytes;
  }
}
