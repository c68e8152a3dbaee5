/**
 * The server's messages about newsletter subscribers: lists, subscribers, CSV imports and the public
 * subscribe form and pages, in its own words; subscribers.fr.ts says them in French.
 */
export const en = {
  lists: {
    notFound: 'List {{id}} not found.',
    taken: 'A list named {{name}} already exists.',
    unknown: 'There is no list {{id}}.',
  },
  subscribers: {
    notFound: 'Subscriber {{id}} not found.',
    email: 'Enter an email address such as name@example.com.',
    taken: '{{email}} is already a subscriber.',
  },
  imports: {
    notFound: 'Import {{id}} not found.',
    multipart: 'Send the import as multipart/form-data, the CSV in a part named file.',
    status: 'Must be subscribed or pending.',
    unknownField: 'Unknown field: send file, mapping, lists or status.',
    notText: 'The file must be CSV text.',
    noMapping: 'Say which column holds the email.',
    mapping: 'Must be a JSON object such as {"email": "Email", "name": "Name"}.',
    emailColumn: 'Name the column that holds the email.',
    header: 'Must be the header of a column of the file.',
    mappingField: 'Unknown field: map email, name and language.',
    lists: 'Must be a JSON array of list ids, such as [1, 2].',
  },
  /** What an import says of the lines it refused (GET /api/newsletter/imports/{id}, `problems`). */
  problems: {
    tooLong: 'The row is too long.',
    notCsv: 'The row is not valid CSV.',
    empty: 'The file is empty.',
    noColumn: 'The file has no column {{name}}.',
    noEmail: 'The email is empty.',
    notEmail: '{{value}} is not an email address.',
  },
  /** The subscriber's own pages on the public site (confirmation, lists, unsubscribing). */
  pages: {
    confirmedTitle: 'Subscription confirmed',
    confirmed: 'Thank you: {{email}} is subscribed to the newsletter of {{site}}.',
    manageLink: 'Choose your lists or unsubscribe',
    linkInvalidTitle: 'This link no longer works',
    linkInvalid:
      'The link has expired, or the subscription it confirms has changed since. Subscribe again from the site to get a new link.',
    manageTitle: 'Your newsletter subscription',
    address: 'Subscribed address: {{email}}',
    lists: 'The lists you receive',
    save: 'Save my choice',
    leaveTitle: 'Stop the newsletter',
    leaveHelp: 'You will receive no more newsletters from {{site}}.',
    leave: 'Unsubscribe me',
    comeBack: 'Subscribe again',
    pending: 'Your subscription is not confirmed yet: open the link we mailed you.',
    unsubscribed: 'You are unsubscribed: no newsletter is sent to you any more.',
    saved: 'Your choice is saved.',
    resubscribed: 'Welcome back: you are subscribed again.',
    home: 'Back to the site',
    tooMany: 'Too many attempts from your address: try again in {{minutes}} min.',
  },
};
