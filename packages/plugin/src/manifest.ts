import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The `tessera` key of a plugin's package.json.
 *
 * ```json
 * { "tessera": { "plugin": "shop-invoices", "entry": "dist/index.js", "migrations": "migrations",
 *                "requires": { "ecommerce": "^1" } } }
 * ```
 */
export interface PluginManifestKey {
  /** 2 to 40 characters of a-z, 0-9 and `-`; its area is the name with `-` written `_`. */
  plugin: string;
  /** An ES module (`.js` or `.mjs`) whose default export is the plugin's definition. */
  entry: string;
  /** A folder of `NNNN_name.js` migrations exporting `up(db, engine)`. */
  migrations?: string;
  /**
   * Plugins this one needs active on the same site, by name, with a semver range of their version
   * (`^1`, `>=1.2 <3`, `*`). Activating it where one is missing is refused, and so is deactivating
   * one it needs.
   */
  requires?: Record<string, string>;
  /**
   * An ES module the admin loads at run time where the plugin is active (screens, an editor panel,
   * dashboard widgets), built against `@tessera/plugin/admin` with React and the admin's libraries
   * left to the host.
   */
  admin?: string;
}

/** What a migration's `up` gets besides the schema handle: the one or two things SQLite and PostgreSQL spell differently. */
export interface PluginMigrationEngine {
  readonly name: 'sqlite' | 'postgres';
  /** Column type for JSON documents: jsonb on PostgreSQL, text on SQLite. */
  readonly jsonType: 'jsonb' | 'text';
  /** Adds an auto-incrementing integer primary key named `id`. */
  addIdColumn<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
}

/**
 * A migration file (`migrations/0001_orders.js`) exports `up` (and may export `down`). Every table
 * is named `<area>_...` and has a `site_id` column referencing `sites(id)`.
 */
export type PluginMigration = (
  // biome-ignore lint/suspicious/noExplicitAny: a migration shapes tables that have no types yet
  db: Kysely<any>,
  engine: PluginMigrationEngine,
) => Promise<void>;
