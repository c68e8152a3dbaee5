/**
 * The list's date filters are days of the site's calendar (its time zone): a submission sent at
 * 23:30 in Lisbon on the 3rd is on the 3rd, whatever UTC says.
 */

/** How far ahead of UTC `timeZone` is at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: string) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const local = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return local - Math.floor(instant / 1000) * 1000;
}

/** The instant a yyyy-mm-dd day starts in `timeZone`, as an ISO timestamp. */
export function dayStart(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const midnight = Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
  // The offset at the guess, then again at the instant found: right across a change of hour.
  const guess = midnight - offsetAt(midnight, timeZone);
  return new Date(midnight - offsetAt(guess, timeZone)).toISOString();
}

/** The instant the day after a yyyy-mm-dd day starts in `timeZone`: the end (excluded) of a `to` filter. */
export function dayEnd(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const next = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + 1)).toISOString().slice(0, 10);
  return dayStart(next, timeZone);
}
