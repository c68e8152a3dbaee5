import type { Kysely, Selectable } from 'kysely';
import { readJson, writeJson } from '../db/engine.js';
import type { GlobalTables, SiteTable } from '../db/schema.js';
import type { Site } from './site.js';

/** Queries of the sites and site_domains tables, shared by site resolution, install and the sites API. */
export class SiteStore {
  constructor(private readonly db: Kysely<GlobalTables>) {}

  async findByDomain(domain: string): Promise<Site | null> {
    const row = await this.db
      .selectFrom('site_domains')
      .innerJoin('sites', 'sites.id', 'site_domains.site_id')
      .selectAll('sites')
      .where('site_domains.domain', '=', domain)
      .executeTakeFirst();
    return row ? this.withDomains(row) : null;
  }

  async findByHandle(handle: string): Promise<Site | null> {
    const row = await this.db.selectFrom('sites').selectAll().where('handle', '=', handle).executeTakeFirst();
    return row ? this.withDomains(row) : null;
  }

  async findById(id: number): Promise<Site | null> {
    const row = await this.db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? this.withDomains(row) : null;
  }

  /** The site used for unknown hosts when so configured: the oldest enabled one. */
  async findDefault(): Promise<Site | null> {
    const row = await this.db
      .selectFrom('sites')
      .selectAll()
      .where('enabled', '=', 1)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row ? this.withDomains(row) : null;
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('sites')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(): Promise<Site[]> {
    const rows = await this.db.selectFrom('sites').selectAll().orderBy('id').execute();
    return Promise.all(rows.map((row) => this.withDomains(row)));
  }

  async domainTaken(domain: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('site_domains')
      .select('site_id')
      .where('domain', '=', domain)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(input: {
    handle: string;
    name: string;
    primaryDomain: string;
    aliases: string[];
    defaultLocale: string;
    locales: string[];
    theme: string;
    settings: Record<string, unknown>;
    at: string;
  }): Promise<number> {
    const { id } = await this.db
      .insertInto('sites')
      .values({
        handle: input.handle,
        name: input.name,
        default_locale: input.defaultLocale,
        locales: writeJson(input.locales),
        theme: input.theme,
        settings: writeJson(input.settings),
        enabled: 1,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('site_domains')
      .values([
        { domain: input.primaryDomain, site_id: id, is_primary: 1 },
        ...input.aliases.map((domain) => ({ domain, site_id: id, is_primary: 0 })),
      ])
      .execute();
    return id;
  }

  private async withDomains(row: Selectable<SiteTable>): Promise<Site> {
    const domains = await this.db
      .selectFrom('site_domains')
      .select(['domain', 'is_primary'])
      .where('site_id', '=', row.id)
      .orderBy('domain')
      .execute();
    return {
      id: row.id,
      handle: row.handle,
      name: row.name,
      primary_domain: domains.find((d) => d.is_primary === 1)?.domain ?? '',
      aliases: domains.filter((d) => d.is_primary !== 1).map((d) => d.domain),
      default_locale: row.default_locale,
      locales: readJson<string[]>(row.locales, []),
      theme: row.theme,
      settings: readJson<Record<string, unknown>>(row.settings, {}),
      enabled: row.enabled === 1,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  }
}
