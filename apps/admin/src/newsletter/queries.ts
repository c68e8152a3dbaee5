import { api, data } from '../api.js';

/** Every query of the newsletter screens starts with it: a change refreshes them all. */
export const NEWSLETTER = ['newsletter'] as const;

export interface NewsletterList {
  id: number;
  name: string;
  description: string;
  public: boolean;
  subscriber_count: number;
}

export const SUBSCRIBER_STATUSES = [
  'pending',
  'subscribed',
  'unsubscribed',
  'bounced',
  'complained',
] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

export const STATUS_COLORS: Record<string, string> = {
  pending: 'yellow',
  subscribed: 'green',
  unsubscribed: 'gray',
  bounced: 'red',
  complained: 'orange',
  draft: 'gray',
  scheduled: 'blue',
  sending: 'yellow',
  sent: 'green',
  cancelled: 'gray',
  queued: 'gray',
  failed: 'orange',
};

export const LISTS_QUERY = {
  queryKey: [...NEWSLETTER, 'lists'],
  queryFn: () => data(api.GET('/api/newsletter/lists')) as Promise<NewsletterList[]>,
};
