import { csvLine } from '../../activity/csv.js';
import type { SubscriberView } from './repo.js';

/** The export's columns, in order; `lists` holds the names of the subscriber's lists joined by `;`. */
export const EXPORT_HEADER = [
  'email',
  'name',
  'status',
  'language',
  'lists',
  'source',
  'consent_at',
  'consent_ip',
  'created_at',
];

/** One subscriber as a CSV line (formula-like cells defused by csvLine). */
export function subscriberCsvLine(
  subscriber: SubscriberView,
  listNames: ReadonlyMap<number, string>,
): string {
  return csvLine([
    subscriber.email,
    subscriber.name,
    subscriber.status,
    subscriber.language ?? '',
    subscriber.lists.map((id) => listNames.get(id) ?? String(id)).join(';'),
    subscriber.source,
    subscriber.consent_at ?? '',
    subscriber.consent_ip ?? '',
    subscriber.created_at,
  ]);
}
