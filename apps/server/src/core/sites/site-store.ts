import type { Kysely, Selectable } from 'kysely';
import { readJson, writeJson } from '../db/engine.js';
import type { GlobalTables, SiteTable } from '../db/schema.js';
import { noBranding, type Site, type SiteBranding } from './site.js';

export interface NewSite {
  handle: string;
  name: string;
  primaryDomain: string;
  aliases: string[];
  defaultLocale: string;
  locales: string[];
  theme: string;
  branding?: SiteBranding;
  /** Unused legacy column (settings live in site_settings); kept for callers that still pass it. */
  settings?: Record<string, unknown>;
  at: string;
}

export interface SiteChanges {
  name?: string;
  defaultLocale?: string;
  locales?: string[];
  branding?: SiteBranding;
  enabled?: boolean;
  theme?: string;
}

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

  async count(options: { enabledOnly?: boolean } = {}): Promise<number> {
    let query = this.db.selectFrom('sites').select((eb) => eb.fn.countAll<number | string>().as('n'));
    if (options.enabledOnly) query = query.where('enabled', '=', 1);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async list(): Promise<Site[]> {
    return this.page(0, Number.MAX_SAFE_INTEGER);
  }

  /** Sites by id, `limit` from `offset`, with their domains in one more query. */
  async page(offset: number, limit: number): Promise<Site[]> {
    const rows = await this.db
      .selectFrom('sites')
      .selectAll()
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    const domains = await this.db
      .selectFrom('site_domains')
      .select(['site_id', 'domain', 'is_primary'])
      .where(
        'site_id',
        'in',
        rows.map((r) => r.id),
      )
      .orderBy('domain')
      .execute();
    return rows.map((row) =>
      toSite(
        row,
        domains.filter((d) => d.site_id === row.id),
      ),
    );
  }

  async domainTaken(domain: string): Promise<boolean> {
    return (await this.ownerOfDomain(domain)) !== null;
  }

  /** The site id a domain or alias belongs to, or null when free. */
  async ownerOfDomain(domain: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('site_domains')
      .select('site_id')
      .where('domain', '=', domain)
      .executeTakeFirst();
    return row?.site_id ?? null;
  }

  async handleTaken(handle: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sites')
      .select('id')
      .where('handle', '=', handle)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(input: NewSite): Promise<number> {
    const { id } = await this.db
      .insertInto('sites')
      .values({
        handle: input.handle,
        name: input.name,
        default_locale: input.defaultLocale,
        locales: writeJson(input.locales),
        theme: input.theme,
        settings: writeJson(input.settings ?? {}),
        branding: writeJson(input.branding ?? noBranding),
        enabled: 1,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.replaceDomains(id, input.primaryDomain, input.aliases);
    return id;
  }

  async update(id: number, changes: SiteChanges, at: string): Promise<void> {
    await this.db
      .updateTable('sites')
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.defaultLocale === undefined ? {} : { default_locale: changes.defaultLocale }),
        ...(changes.locales === undefined ? {} : { locales: writeJson(changes.locales) }),
        ...(changes.branding === undefined ? {} : { branding: writeJson(changes.branding) }),
        ...(changes.enabled === undefined ? {} : { enabled: changes.enabled ? 1 : 0 }),
        ...(changes.theme === undefined ? {} : { theme: changes.theme }),
        updated_at: at,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Sets the site's primary domain and aliases, replacing the ones it had. */
  async replaceDomains(id: number, primary: string, aliases: readonly string[]): Promise<void> {
    await this.db.deleteFrom('site_domains').where('site_id', '=', id).execute();
    await this.db
      .insertInto('site_domains')
      .values([
        { domain: primary, site_id: id, is_primary: 1 },
        ...aliases.map((domain) => ({ domain, site_id: id, is_primary: 0 })),
      ])
      .execute();
  }

  private async withDomains(row: Selectable<SiteTable>): Promise<Site> {
    const domains = await this.db
      .selectFrom('site_domains')
      .select(['domain', 'is_primary'])
      .where('site_id', '=', row.id)
      .orderBy('domain')
      .execute();
    return toSite(row, domains);
  }
}

function toSite(row: Selectable<SiteTable>, domains: Array<{ domain: string; is_primary: number }>): Site {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    primary_domain: domains.find((d) => d.is_primary === 1)?.domain ?? '',
    aliases: domains.filter((d) => d.is_primary !== 1).map((d) => d.domain),
    default_locale: row.default_locale,
    locales: readJson<string[]>(row.locales, []),
    theme: row.theme,
    branding: { ...noBranding, ...readJson<Partial<SiteBranding>>(row.branding, {}) },
    enabled: row.enabled === 1,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
