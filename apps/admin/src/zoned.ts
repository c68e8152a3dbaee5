/**
 * Date and time inputs show the site's wall clock (general settings' time zone), whatever the
 * browser's zone: an editor in Lisbon scheduling for a Tokyo site types Tokyo time. These convert
 * between an instant (ISO 8601, UTC) and the `YYYY-MM-DDTHH:mm` of a datetime-local input.
 */

function wallParts(time: number, zone: string): Record<string, number> {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(time));
  const out: Record<string, number> = {};
  for (const part of parts) if (part.type !== 'literal') out[part.type] = Number(part.value);
  return out;
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(time: number, zone: string): number {
  const p = wallParts(time, zone);
  const wall = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return wall - Math.floor(time / 1000) * 1000;
}

const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');

/** The instant as the zone's wall clock, for a datetime-local input; '' for none or a bad value. */
export function toWallClock(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const p = wallParts(time, zone);
  return `${String(p.year).padStart(4, '0')}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * The instant a wall-clock time in the zone names, as ISO 8601 UTC; null for an empty or bad value.
 * A time skipped by a daylight-saving jump lands just after it; a repeated one takes its first.
 */
export function fromWallClock(wall: string, zone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(wall);
  if (!match) return null;
  const [, y, mo, d, h, mi] = match.map(Number);
  const asUtc = Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0);
  // The offset at the guess, then at the corrected instant: two steps settle across a DST change.
  let time = asUtc - offsetAt(asUtc, zone);
  time = asUtc - offsetAt(time, zone);
  return new Date(time).toISOString();
}

/**
 * The instants a day of the zone's calendar (`YYYY-MM-DD`, as a date input gives it) begins and the
 * next one begins: a filter "from the 3rd to the 5th" means the site's days, not the browser's.
 * Null for an empty or bad value.
 */
export function dayInZone(day: string, zone: string): { start: string; next: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  // 2026-02-31 rolls over to March in Date.UTC: not a day.
  if (date.getUTCDate() !== d || date.getUTCMonth() !== (m ?? 1) - 1) return null;
  const following = new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
  const start = fromWallClock(`${day}T00:00`, zone);
  const next = fromWallClock(`${following}T00:00`, zone);
  return start && next ? { start, next } : null;
}
