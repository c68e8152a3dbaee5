/**
 * What each mail event is for and what its variables hold, in the server's words
 * (core/mail/templates): by event (`account.verify` → account.verify) and variable name, the site's
 * variables, which every mail has, apart. mail-events.fr.ts says them in French; a plugin's events
 * keep the words the plugin gave.
 */
export const en = {
  site: {
    name: "The site's name as its mails sign it (the white-label name when it has one)",
    url: "The site's address",
    logo_url: "The site's logo, an absolute address; empty when it has none",
  },
  events: {
    user: {
      password_reset: {
        description: 'A user of the admin forgot their password: the link that sets a new one',
        variables: {
          recipient: { name: 'Whom the mail greets', email: 'The address the mail goes to' },
          link: 'Sets a new password in the admin; good for one hour, once',
        },
      },
    },
    comment: {
      awaiting_moderation: {
        description:
          "A comment on one of the author's entries waits for approval (when the site notifies authors)",
        variables: {
          recipient: { name: "The entry's author, whom the mail greets", email: "The author's address" },
          entry: { title: 'The entry commented on', url: "The entry's public address" },
          comment: {
            author_name: 'The name the commenter gave',
            body: 'The comment as written, plain text with its line breaks',
          },
          link: 'Where the comment is moderated in the admin',
        },
      },
      published: {
        description:
          "A comment on one of the author's entries was published at once (when the site notifies authors)",
        variables: {
          recipient: { name: "The entry's author, whom the mail greets", email: "The author's address" },
          entry: { title: 'The entry commented on', url: "The entry's public address" },
          comment: {
            author_name: 'The name the commenter gave',
            body: 'The comment as written, plain text with its line breaks',
          },
          link: 'Where the comment is moderated in the admin',
        },
      },
    },
    form: {
      submission: {
        description:
          "A visitor sent a contact form: its fields, to the form's recipient or the site's administrators",
        variables: {
          recipient: { email: 'The address the mail goes to' },
          form: {
            subject: 'The subject set on the form block',
            page: 'The page the form was sent from',
            fields:
              "The fields in the form's order, each with `label` and `value` (empty when left blank): `{% for field in form.fields %}{{ field.label }}: {{ field.value }}{% endfor %}`",
          },
        },
      },
    },
    account: {
      verify: {
        description: 'A visitor registered an account: the link that confirms their address',
        variables: {
          recipient: { name: 'Whom the mail greets', email: 'The address the mail goes to' },
          link: 'Confirms the address; good for two days',
        },
      },
      exists: {
        description:
          'Someone tried to register with an address that already has an account: its owner is told, and given the ways back in',
        variables: {
          recipient: { name: 'Whom the mail greets', email: 'The address the mail goes to' },
          sign_in_link: "The site's sign-in page",
          forgot_link: 'Where a forgotten password is reset',
        },
      },
      password_reset: {
        description: 'A visitor forgot the password of their account: the link that sets a new one',
        variables: {
          recipient: { name: 'Whom the mail greets', email: 'The address the mail goes to' },
          link: 'Sets a new password; good for one hour, once',
        },
      },
      email_change: {
        description:
          'A visitor asked to move their account to a new address: sent to that address, to confirm it',
        variables: {
          recipient: { name: 'Whom the mail greets', email: 'The new address, which the mail goes to' },
          link: 'Confirms the new address; good for a day',
        },
      },
      email_changed: {
        description:
          "An account's address was changed: its former address is told, in case it was not its owner",
        variables: {
          recipient: { name: 'Whom the mail greets', email: 'The former address, which the mail goes to' },
          new_email: 'The address the account uses now',
        },
      },
    },
    newsletter: {
      confirm: {
        description:
          'Someone subscribed to the newsletter: the link that confirms their subscription (double opt-in)',
        variables: {
          recipient: {
            name: 'The name the subscriber gave; empty when they gave none',
            email: 'The address subscribed',
          },
          link: 'Confirms the subscription',
        },
      },
    },
  },
};
