/**
 * When a scheduled backup is due. The setting is `off`, `daily` (03:00 UTC), `weekly` (Sunday
 * 03:00 UTC) or a five-field cron expression in UTC, as the job queue's own schedules are. The
 * plugin's tick runs every few minutes and takes a backup when a time the schedule names has come
 * since the last scheduled backup started: a tick missed while no worker ran catches up once.
 */

const NAMED: Record<string, string> = { daily: '0 3 * * *', weekly: '0 3 * * 0' };

/** minute, hour, day of month, month, day of week (0 or 7 is Sunday). */
const FIELDS: readonly { name: string; min: number; max: number }[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of week', min: 0, max: 7 },
];

export interface Cron {
  sets: Set<number>[];
  /** Whether the day fields were restricted (`*` in one means the other alone decides). */
  anyDayOfMonth: boolean;
  anyDayOfWeek: boolean;
}

/** The parsed expression, or why it cannot be one (a message for the settings form). */
export function parseCron(expression: string): Cron | string {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5) return 'Write five fields: minute, hour, day of month, month, day of week.';
  const sets: Set<number>[] = [];
  for (const [index, field] of FIELDS.entries()) {
    const set = parseField(parts[index] ?? '', field.min, field.max);
    if (!set)
      return `The ${field.name} field "${parts[index]}" is not ${field.min} to ${field.max}, *, a range, a list or a step.`;
    sets.push(set);
  }
  const week = sets[4] as Set<number>;
  if (week.has(7)) week.add(0);
  return { sets, anyDayOfMonth: parts[2] === '*', anyDayOfWeek: parts[4] === '*' };
}

function parseField(text: string, min: number, max: number): Set<number> | null {
  const set = new Set<number>();
  for (const item of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(item);
    if (!match) return null;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : match[4] ? max : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let value = from; value <= to; value += step) set.add(value);
  }
  return set;
}

/** The cron expression a setting stands for, or null for `off`. */
export function cronOf(schedule: string): string | null {
  if (schedule === 'off') return null;
  return NAMED[schedule] ?? schedule;
}

/** The settings form's message for a schedule that is none of the accepted forms, else null. */
export function scheduleProblem(schedule: string): string | null {
  const cron = cronOf(schedule);
  if (cron === null) return null;
  const parsed = parseCron(cron);
  return typeof parsed === 'string' ? `Use off, daily, weekly or a cron expression. ${parsed}` : null;
}

function matches(cron: Cron, at: Date): boolean {
  const [minutes, hours, days, months, weekdays] = cron.sets as [
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
    Set<number>,
  ];
  if (!minutes.has(at.getUTCMinutes()) || !hours.has(at.getUTCHours()) || !months.has(at.getUTCMonth() + 1))
    return false;
  const byMonth = days.has(at.getUTCDate());
  const byWeek = weekdays.has(at.getUTCDay());
  // Cron's rule: with both day fields restricted, either one matching is enough.
  if (cron.anyDayOfMonth) return byWeek;
  if (cron.anyDayOfWeek) return byMonth;
  return byMonth || byWeek;
}

const MINUTE = 60_000;
/** How far back a first tick (or one after a long stop) looks: one catch-up, never a flood. */
const LOOK_BACK_MS = 8 * 24 * 60 * MINUTE;
/** With no scheduled backup yet, a time named within this window before now is due. */
const FIRST_WINDOW_MS = 15 * MINUTE;

/**
 * Whether a scheduled backup is due at `now`: a minute the schedule names lies after the last
 * scheduled backup's start (or within the last quarter hour when there was none) and at or before now.
 */
export function isDue(schedule: string, lastStarted: Date | null, now: Date): boolean {
  const expression = cronOf(schedule);
  if (expression === null) return false;
  const cron = parseCron(expression);
  if (typeof cron === 'string') return false;
  const floor = now.getTime() - (lastStarted ? LOOK_BACK_MS : FIRST_WINDOW_MS);
  const since = Math.max(lastStarted ? lastStarted.getTime() : floor, floor);
  // Whole minutes after `since`, up to and including now's.
  const first = Math.floor(since / MINUTE) * MINUTE + MINUTE;
  for (let at = Math.floor(now.getTime() / MINUTE) * MINUTE; at >= first; at -= MINUTE)
    if (matches(cron, new Date(at))) return true;
  return false;
}
