import { api, data } from '../api.js';
import type { MailParts } from './parts.js';

/** Every query of this screen starts with it: a save or reset refreshes them all. */
export const EMAIL_TEMPLATES = ['email-templates'] as const;

export const EVENTS_QUERY = {
  queryKey: [...EMAIL_TEMPLATES, 'events'],
  queryFn: () => data(api.GET('/api/email-templates')),
};

/** An event's template in a language: the site's own, else the default. */
export function templateQuery(event: string, locale: string) {
  return {
    queryKey: [...EMAIL_TEMPLATES, 'template', event, locale],
    queryFn: () =>
      data(api.GET('/api/email-templates/{event}', { params: { path: { event }, query: { locale } } })),
    retry: false,
  };
}

export function saveTemplate(event: string, locale: string, parts: MailParts) {
  return data(
    api.PUT('/api/email-templates/{event}', { params: { path: { event }, query: { locale } }, body: parts }),
  );
}

export function previewMail(event: string, locale: string, parts: MailParts) {
  return data(
    api.POST('/api/email-templates/{event}/preview', {
      params: { path: { event }, query: { locale } },
      body: parts,
    }),
  );
}

export function sendTestMail(event: string, locale: string, parts: MailParts) {
  return data(
    api.POST('/api/email-templates/{event}/test', {
      params: { path: { event }, query: { locale } },
      body: parts,
    }),
  );
}
