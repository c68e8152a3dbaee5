import type { SubmittedEvent } from './model.js';

declare module '@tessera/plugin' {
  interface ActionHooks {
    /**
     * A visitor sent a form and it was kept (after the commit): the form, and the submission with
     * its values and its files' names. Mails and the `form.submitted` webhooks are sent already.
     */
    'forms.submitted': [event: SubmittedEvent];
  }
}
