import type { PluginContext, PluginOperation, PluginSite } from '@tessera/plugin';
import type { StockLevel, StockLine } from './model.js';
import { type EcommerceTables, type SkuRow, skuHolders, skusOf } from './repo-skus.js';
import {
  clearLowAlert,
  lowStockRows,
  markLowAlerted,
  returnStock,
  type StockRow,
  stockRows,
  takeStock,
  writeStock,
} from './repo-stock.js';
import type { EcommerceSettings } from './settings.js';
import { LOW_STOCK_MAIL, productAdminUrl } from './stock-mail.js';

/**
 * Stock, for the routes and for what sells (the checkout, a plugin requiring this one):
 * - `decrement` takes an order's lines, all or none: one conditional UPDATE per SKU inside the
 *   operation's transaction, in SKU order (two orders of the same SKUs lock them in the same order,
 *   so they cannot deadlock); a SKU without enough stock is a 409 naming it, which rolls the
 *   transaction back with whatever lines came before. Let that error through: a caller catching it
 *   inside its own transaction would keep the lines already taken.
 * - `release` gives lines back (an order cancelled).
 * - A sale that leaves a SKU at or under its threshold mails the site's administrators, once: the
 *   next mail waits until the SKU is above its threshold again (stock set or given back). Setting
 *   the stock by hand mails no one: the person doing it sees the figure.
 * Untracked SKUs (a variant whose `track_stock` is off) are neither taken nor given back.
 */
export function stockService(plugin: PluginContext) {
  const { errors } = plugin;
  const db = (ctx: PluginOperation) => plugin.db<EcommerceTables>(ctx);
  const settingsOf = (ctx: PluginOperation) => plugin.settings.read<EcommerceSettings>(ctx);

  /** The product each SKU is named after: its entry in the site's language first, then any. */
  function holdersBySku(rows: readonly SkuRow[], site: PluginSite): Map<string, SkuRow> {
    const holders = new Map<string, SkuRow>();
    for (const row of rows)
      if (!holders.has(row.sku) || row.locale === site.default_locale) holders.set(row.sku, row);
    return holders;
  }

  function levelOf(
    sku: string,
    row: StockRow | undefined,
    holder: SkuRow | undefined,
    fallback: number,
  ): StockLevel {
    const threshold = row?.threshold ?? null;
    const effective = threshold ?? fallback;
    const onHand = row?.on_hand ?? 0;
    const tracked = holder ? Number(holder.track_stock) === 1 : true;
    return {
      sku,
      tracked,
      on_hand: Number(onHand),
      threshold: threshold === null ? null : Number(threshold),
      effective_threshold: Number(effective),
      low: tracked && onHand <= effective,
      updated_at: row?.updated_at ?? null,
      product: holder
        ? {
            id: holder.entry_id === null ? null : Number(holder.entry_id),
            title: holder.title,
            variant: holder.variant,
          }
        : null,
    };
  }

  /** The levels of `skus` (every SKU products hold, and every stocked one, when absent). */
  async function levels(ctx: PluginOperation, skus?: readonly string[]): Promise<StockLevel[]> {
    const [rows, holders, settings] = await Promise.all([
      stockRows(db(ctx), skus),
      skus === undefined ? skusOf(db(ctx)) : skuHolders(db(ctx), skus),
      settingsOf(ctx),
    ]);
    const bySku = new Map(rows.map((row) => [row.sku, row]));
    const named = holdersBySku(holders, ctx.site);
    const all = skus ?? [...new Set([...bySku.keys(), ...named.keys()])].sort();
    return all.map((sku) => levelOf(sku, bySku.get(sku), named.get(sku), settings.low_stock_threshold));
  }

  async function read(ctx: PluginOperation, sku: string): Promise<StockLevel> {
    const [level] = await levels(ctx, [sku]);
    if (!level || (level.product === null && level.updated_at === null))
      throw new errors.NotFound(`SKU ${sku}`, 'ecommerce_sku_not_found');
    return level;
  }

  /** One line per SKU, the quantities of a SKU named twice added up, in SKU order. */
  function merged(lines: readonly StockLine[]): Array<StockLine & { index: number }> {
    const bySku = new Map<string, StockLine & { index: number }>();
    lines.forEach((line, index) => {
      if (typeof line.sku !== 'string' || line.sku === '')
        throw errors.ValidationFailed.field(`lines.${index}.sku`, 'A SKU is required.');
      if (!Number.isSafeInteger(line.quantity) || line.quantity < 1)
        throw errors.ValidationFailed.field(
          `lines.${index}.quantity`,
          'A quantity is a whole number, 1 or more.',
        );
      const held = bySku.get(line.sku);
      bySku.set(line.sku, held ? { ...held, quantity: held.quantity + line.quantity } : { ...line, index });
    });
    return [...bySku.values()].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  }

  async function alertIfLow(
    ctx: PluginOperation,
    row: StockRow,
    holder: SkuRow,
    fallback: number,
  ): Promise<void> {
    const threshold = row.threshold ?? fallback;
    if (row.on_hand > threshold || row.low_alerted_at !== null) return;
    if (!(await markLowAlerted(db(ctx), row.sku))) return;
    await plugin.mail.send(ctx, LOW_STOCK_MAIL, {
      to: 'administrators',
      variables: {
        product: {
          title: holder.title,
          variant: holder.variant,
          sku: row.sku,
          url: productAdminUrl(ctx.site, holder.entry_id),
        },
        stock: { on_hand: String(row.on_hand), threshold: String(threshold) },
      },
    });
  }

  /**
   * Runs `change` on each tracked SKU of the lines (merged, in SKU order) in one transaction, and
   * answers every SKU's level after; untracked SKUs are passed over as they are.
   */
  async function eachLine(
    ctx: PluginOperation,
    lines: readonly StockLine[],
    change: (
      tx: PluginOperation,
      line: StockLine & { index: number },
      holder: SkuRow | undefined,
      fallback: number,
    ) => Promise<StockRow>,
  ): Promise<StockLevel[]> {
    const wanted = merged(lines);
    return ctx.transaction(async (tx) => {
      const skus = wanted.map((line) => line.sku);
      const named = holdersBySku(await skuHolders(db(tx), skus), tx.site);
      const fallback = (await settingsOf(tx)).low_stock_threshold;
      const after: StockLevel[] = [];
      for (const line of wanted) {
        const holder = named.get(line.sku);
        const row =
          holder && Number(holder.track_stock) !== 1
            ? (await stockRows(db(tx), [line.sku]))[0]
            : await change(tx, line, holder, fallback);
        after.push(levelOf(line.sku, row, holder, fallback));
      }
      return after;
    });
  }

  return {
    levels,
    read,

    /** The levels of the SKUs a product (an entry, in its language) sells. */
    async ofProduct(ctx: PluginOperation, entryId: number): Promise<StockLevel[]> {
      return levels(
        ctx,
        (await skusOf(db(ctx), entryId)).map((row) => row.sku),
      );
    },

    /** The tracked SKUs of products at or under their threshold, fewest left first. */
    async lowStock(ctx: PluginOperation): Promise<StockLevel[]> {
      const settings = await settingsOf(ctx);
      const rows = await lowStockRows(db(ctx), settings.low_stock_threshold);
      const named = holdersBySku(
        await skuHolders(
          db(ctx),
          rows.map((row) => row.sku),
        ),
        ctx.site,
      );
      return rows
        .map((row) => levelOf(row.sku, row, named.get(row.sku), settings.low_stock_threshold))
        .filter((level) => level.product !== null && level.tracked);
    },

    /** Sets what is on hand (and the SKU's own threshold, unless left out) of a SKU a product sells or that has stock. */
    async set(
      ctx: PluginOperation,
      sku: string,
      input: { on_hand: number; threshold?: number | null },
    ): Promise<StockLevel> {
      return ctx.transaction(async (tx) => {
        await read(tx, sku);
        const row = await writeStock(db(tx), sku, input.on_hand, input.threshold);
        const settings = await settingsOf(tx);
        if (row.on_hand > (row.threshold ?? settings.low_stock_threshold)) await clearLowAlert(db(tx), sku);
        return read(tx, sku);
      });
    },

    async decrement(ctx: PluginOperation, lines: readonly StockLine[]): Promise<StockLevel[]> {
      return eachLine(ctx, lines, async (tx, line, holder, fallback) => {
        if (!holder) throw new errors.NotFound(`SKU ${line.sku}`, 'ecommerce_sku_not_found');
        const row = await takeStock(db(tx), line.sku, line.quantity);
        if (!row) {
          const left = Number((await stockRows(db(tx), [line.sku]))[0]?.on_hand ?? 0);
          const message = `Only ${left} of ${line.sku} left: ${line.quantity} wanted.`;
          throw new errors.Conflict(message, 'ecommerce_out_of_stock', {
            [`lines.${line.index}`]: [message],
          });
        }
        await alertIfLow(tx, row, holder, fallback);
        return row;
      });
    },

    async release(ctx: PluginOperation, lines: readonly StockLine[]): Promise<StockLevel[]> {
      // A SKU no product sells any more still had its goods taken: they come back.
      return eachLine(ctx, lines, async (tx, line, _holder, fallback) => {
        const row = await returnStock(db(tx), line.sku, line.quantity);
        if (row.on_hand > (row.threshold ?? fallback)) await clearLowAlert(db(tx), line.sku);
        return row;
      });
    },
  };
}

export type StockService = ReturnType<typeof stockService>;
