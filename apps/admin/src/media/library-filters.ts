import { fromWallClock } from '../zoned.js';
import type { MediaNarrowing } from './queries.js';

/** Whether an item is used anywhere (the API's `orphaned`): either way, or one of them. */
export type Usage = 'any' | 'unused' | 'used';

/** The library's further filters as the inputs hold them. */
export interface LibraryFilterValues {
  /** Days as a date input gives them (YYYY-MM-DD), '' for none: the site's days, both included. */
  from: string;
  to: string;
  mime: string;
  uploader: number | null;
  usage: Usage;
  /** With a folder chosen: its subfolders' media too. */
  subfolders: boolean;
}

export const NO_FILTERS: LibraryFilterValues = {
  from: '',
  to: '',
  mime: '',
  uploader: null,
  usage: 'any',
  subfolders: false,
};

/** What is wrong with a value, as a key of media.filters; such a value is not sent. */
export interface FilterProblems {
  to?: 'toBeforeFrom';
  mime?: 'mimeInvalid';
}

/** The stored types a library holds with the default settings: raster images are kept as WebP. */
export const STORED_TYPES = [
  'image/webp',
  'image/svg+xml',
  'application/pdf',
  'video/mp4',
  'video/webm',
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
];

// The server's own rule for `mime` (MediaListQuery).
const MIME = /^[a-z0-9.+-]+\/[a-z0-9.+-]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day after a YYYY-MM-DD day, the same way. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/**
 * The filters as the API takes them: a day runs from midnight to midnight in the site's time zone
 * (the zone the list shows dates in), so "until the 3rd" sends the instant the 4th begins, which
 * the server excludes. A value the server would refuse is left out and named in `problems`.
 */
export function narrowingOf(
  values: LibraryFilterValues,
  zone: string,
): { narrowing: MediaNarrowing; problems: FilterProblems } {
  const problems: FilterProblems = {};
  const narrowing: MediaNarrowing = {};
  const from = DAY.test(values.from) ? fromWallClock(`${values.from}T00:00`, zone) : null;
  const to = DAY.test(values.to) ? fromWallClock(`${nextDay(values.to)}T00:00`, zone) : null;
  if (from) narrowing.from = from;
  if (to) {
    if (from && to <= from) problems.to = 'toBeforeFrom';
    else narrowing.to = to;
  }
  const mime = values.mime.trim().toLowerCase();
  if (mime) {
    if (MIME.test(mime) && mime.length <= 100) narrowing.mime = mime;
    else problems.mime = 'mimeInvalid';
  }
  if (values.uploader !== null) narrowing.uploadedBy = values.uploader;
  if (values.usage !== 'any') narrowing.orphaned = values.usage === 'unused';
  if (values.subfolders) narrowing.includeSubfolders = true;
  return { narrowing, problems };
}

/** How many of the further filters are set (the folder's subfolders are the tree's, not counted). */
export function activeFilters(values: LibraryFilterValues): number {
  return [
    values.from !== '',
    values.to !== '',
    values.mime.trim() !== '',
    values.uploader !== null,
    values.usage !== 'any',
  ].filter(Boolean).length;
}
