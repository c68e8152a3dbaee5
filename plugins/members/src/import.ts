import type { PluginContext, PluginOperation } from '@tessera/plugin';
import { readCsv } from './csv-read.js';
import { isFree, type Plan } from './model.js';
import {
  findMemberOfAccount,
  insertMember,
  listPlans,
  type MembersTables,
  recordHistory,
  updateMember,
} from './repo.js';

/** At most this many rows a file: each is checked against the site's accounts one by one. */
export const IMPORT_MAX_ROWS = 5000;

/** One line the import refused, as the report names it. */
export interface ImportProblem {
  line: number;
  email: string;
  message: string;
}

export interface ImportReport {
  dry_run: boolean;
  /** Whether the memberships were written: never on a dry run, never when any line was refused. */
  written: boolean;
  rows: number;
  /** Memberships made for accounts that had none. */
  created: number;
  /** Cancelled memberships started again on the plan of their line. */
  restarted: number;
  problems: ImportProblem[];
}

interface Planned {
  accountId: number;
  plan: Plan;
  comped: boolean;
  /** The cancelled membership this line starts again, if any. */
  memberId: number | null;
}

const YES = new Set(['yes', 'true', '1', 'oui']);
const NO = new Set(['', 'no', 'false', '0', 'non']);

/**
 * Memberships from a CSV of site accounts' addresses (`email`, `plan` the plan's slug, `comped`
 * optional; other columns ignored, so an edited export reads). Every line is checked first, in one
 * transaction: any line refused writes nothing, so a file is imported whole or not at all, and a
 * dry run answers the same report without writing. Welcome mails are not sent: the administrator
 * imports people who joined elsewhere.
 */
export function importMembers(plugin: PluginContext) {
  const db = (ctx: PluginOperation) => plugin.db<MembersTables>(ctx);

  return (ctx: PluginOperation, csv: string, options: { dryRun: boolean; userId: number | null }) =>
    ctx.transaction(async (tx): Promise<ImportReport> => {
      const [header, ...lines] = readCsv(csv);
      const columns = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
      const at = (name: string) => columns.indexOf(name);
      if (at('email') < 0 || at('plan') < 0)
        throw plugin.errors.ValidationFailed.field(
          'csv',
          'The first line names the columns: email and plan (comped is optional).',
          'members_import_columns',
        );
      if (lines.length > IMPORT_MAX_ROWS)
        throw plugin.errors.ValidationFailed.field(
          'csv',
          `A file holds at most ${IMPORT_MAX_ROWS} members.`,
          'members_import_too_long',
        );
      const plans = new Map((await listPlans(db(tx))).map((plan) => [plan.slug, plan]));
      const problems: ImportProblem[] = [];
      const planned: Planned[] = [];
      const seen = new Set<string>();
      for (const { line, cells } of lines) {
        const cell = (name: string) => (at(name) < 0 ? '' : (cells[at(name)] ?? '').trim());
        const email = cell('email');
        const refuse = (message: string) => problems.push({ line, email, message });
        const key = email.toLowerCase();
        if (seen.has(key)) {
          refuse('This address is on an earlier line.');
          continue;
        }
        seen.add(key);
        const account = email === '' ? null : await plugin.accounts.byEmail(tx, email);
        if (!account) {
          refuse('No account of the site has this address.');
          continue;
        }
        if (account.status === 'anonymised') {
          refuse('This account is anonymised.');
          continue;
        }
        const plan = plans.get(cell('plan'));
        if (!plan) {
          refuse('No such plan.');
          continue;
        }
        if (plan.archived) {
          refuse('This plan is archived.');
          continue;
        }
        const comped = cell('comped').toLowerCase();
        if (!YES.has(comped) && !NO.has(comped)) {
          refuse('Comped is yes or no.');
          continue;
        }
        if (YES.has(comped) && isFree(plan)) {
          refuse('Only a paid plan can be given for free.');
          continue;
        }
        const existing = await findMemberOfAccount(db(tx), account.id);
        if (existing && existing.status !== 'cancelled') {
          refuse('This account is a member already.');
          continue;
        }
        planned.push({
          accountId: account.id,
          plan,
          comped: YES.has(comped),
          memberId: existing?.id ?? null,
        });
      }
      const report: ImportReport = {
        dry_run: options.dryRun,
        written: false,
        rows: lines.length,
        created: planned.filter((each) => each.memberId === null).length,
        restarted: planned.filter((each) => each.memberId !== null).length,
        problems,
      };
      if (options.dryRun || problems.length > 0) return report;
      const by = { by_user_id: options.userId, by_member: false, note: 'Imported' };
      for (const each of planned) {
        let id = each.memberId;
        if (id === null)
          id = await insertMember(db(tx), {
            account_id: each.accountId,
            plan_id: each.plan.id,
            comped: each.comped,
            profile: {},
          });
        else
          await updateMember(db(tx), id, {
            plan_id: each.plan.id,
            status: 'active',
            comped: each.comped,
            started_at: new Date().toISOString(),
          });
        await recordHistory(db(tx), id, { event: 'joined', plan_id: each.plan.id, ...by });
        if (each.comped) await recordHistory(db(tx), id, { event: 'comped', plan_id: each.plan.id, ...by });
      }
      return { ...report, written: true };
    });
}
