import type { en } from './mail.js';

/** The server's messages about mail, in French. */
export const fr: typeof en = {
  templates: {
    include: 'Ligne {{line}} : un modèle d’e-mail ne peut pas inclure un autre modèle.',
    variable: 'Ligne {{line}} : il n’y a pas de variable {{name}} dans cet e-mail.',
    filter: 'Ligne {{line}} : il n’y a pas de filtre {{name}}.',
    limit: 'Ligne {{line}} : ce modèle demande trop de temps ou de mémoire pour être rendu.',
    syntax: 'Ligne {{line}} : {{problem}}',
  },
  events: {
    notFound: 'Événement d’e-mail {{name}} introuvable.',
    locale: 'Ce site écrit ses e-mails en {{languages}} ; pas en {{locale}}.',
  },
  send: {
    to: 'Un e-mail doit partir vers une adresse.',
  },
};
