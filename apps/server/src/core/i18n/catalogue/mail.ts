/**
 * The server's messages about mail: email templates refused by line, mail events and their
 * languages, in its own words; mail.fr.ts says them in French.
 */
export const en = {
  templates: {
    include: 'Line {{line}}: a mail template cannot include another template.',
    variable: 'Line {{line}}: there is no variable {{name}} in this mail.',
    filter: 'Line {{line}}: there is no filter {{name}}.',
    limit: 'Line {{line}}: this template takes too much time or memory to render.',
    /** LiquidJS's own words for other syntax errors, after the line. */
    syntax: 'Line {{line}}: {{problem}}',
  },
  events: {
    notFound: 'Mail event {{name}} not found.',
    locale: 'This site writes its mails in {{languages}}; not in {{locale}}.',
  },
  send: {
    /** A plugin's mail (plugin.mail.send) given no address, or not one. */
    to: 'A mail needs one address to go to.',
  },
};
