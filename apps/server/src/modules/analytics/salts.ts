import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { GlobalTables } from '../../core/db/schema.js';
import { SaltsRepo } from './repo-salts.js';

const DAY_MS = 86_400_000;

/**
 * The salt of each day (spec 1: visits cannot be linked across days). Every process of the
 * installation uses the same salt for a date, so it lives in the database, drawn by whichever
 * process needs it first; once the date is over in every time zone (two UTC days later at most),
 * `destroyOld` deletes it, and no one can compute that day's hashes again.
 */
export class DailySalts {
  private readonly known = new Map<string, string>();

  constructor(
    private readonly db: Kysely<GlobalTables>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A visitor's hash for the day: site, address and user agent, never stored themselves. */
  async visitor(day: string, siteId: number, address: string, userAgent: string): Promise<string> {
    const salt = await this.of(day);
    return createHash('sha256')
      .update(`${salt}\n${siteId}\n${address}\n${userAgent}`)
      .digest('base64url')
      .slice(0, 22);
  }

  private async of(day: string): Promise<string> {
    const known = this.known.get(day);
    if (known) return known;
    // A new day: this process forgets the salts of days over everywhere.
    const oldest = this.oldestKept();
    for (const kept of this.known.keys()) if (kept < oldest) this.known.delete(kept);
    const salt = await new SaltsRepo(this.db).take(day, randomBytes(32).toString('hex'));
    this.known.set(day, salt);
    return salt;
  }

  /** Deletes the salts of dates over everywhere (before yesterday in UTC), here and in the database. */
  async destroyOld(): Promise<number> {
    const oldest = this.oldestKept();
    for (const day of this.known.keys()) if (day < oldest) this.known.delete(day);
    return new SaltsRepo(this.db).deleteBefore(oldest);
  }

  /** Yesterday in UTC: a date before it is over in every time zone. */
  private oldestKept(): string {
    return new Date(this.now() - DAY_MS).toISOString().slice(0, 10);
  }
}
