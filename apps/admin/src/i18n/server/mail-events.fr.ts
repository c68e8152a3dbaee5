import type { en } from './mail-events.js';

/** What each mail event is for and what its variables hold, in French. */
export const fr: typeof en = {
  site: {
    name: 'Le nom du site tel que ses e-mails le signent (le nom en marque blanche s’il en a un)',
    url: 'L’adresse du site',
    logo_url: 'Le logo du site, une adresse absolue ; vide s’il n’en a pas',
  },
  events: {
    user: {
      password_reset: {
        description:
          'Un utilisateur de l’administration a oublié son mot de passe : le lien qui en définit un nouveau',
        variables: {
          recipient: { name: 'La personne que l’e-mail salue', email: 'L’adresse où part l’e-mail' },
          link: 'Définit un nouveau mot de passe dans l’administration ; valable une heure, une fois',
        },
      },
    },
    comment: {
      awaiting_moderation: {
        description:
          'Un commentaire sur une entrée de l’auteur attend d’être approuvé (si le site prévient les auteurs)',
        variables: {
          recipient: {
            name: 'L’auteur de l’entrée, que l’e-mail salue',
            email: 'L’adresse de l’auteur',
          },
          entry: { title: 'L’entrée commentée', url: 'L’adresse publique de l’entrée' },
          comment: {
            author_name: 'Le nom donné par l’auteur du commentaire',
            body: 'Le commentaire tel qu’écrit, en texte brut avec ses retours à la ligne',
          },
          link: 'Où le commentaire se modère dans l’administration',
        },
      },
      published: {
        description:
          'Un commentaire sur une entrée de l’auteur a été publié aussitôt (si le site prévient les auteurs)',
        variables: {
          recipient: {
            name: 'L’auteur de l’entrée, que l’e-mail salue',
            email: 'L’adresse de l’auteur',
          },
          entry: { title: 'L’entrée commentée', url: 'L’adresse publique de l’entrée' },
          comment: {
            author_name: 'Le nom donné par l’auteur du commentaire',
            body: 'Le commentaire tel qu’écrit, en texte brut avec ses retours à la ligne',
          },
          link: 'Où le commentaire se modère dans l’administration',
        },
      },
    },
    form: {
      submission: {
        description:
          'Un visiteur a envoyé un formulaire de contact : ses champs, au destinataire du formulaire ou aux administrateurs du site',
        variables: {
          recipient: { email: 'L’adresse où part l’e-mail' },
          form: {
            subject: 'L’objet défini sur le bloc formulaire',
            page: 'La page d’où le formulaire a été envoyé',
            fields:
              'Les champs dans l’ordre du formulaire, chacun avec `label` et `value` (vide si laissé en blanc) : `{% for field in form.fields %}{{ field.label }}: {{ field.value }}{% endfor %}`',
          },
        },
      },
    },
    account: {
      verify: {
        description: 'Un visiteur a créé un compte : le lien qui confirme son adresse',
        variables: {
          recipient: { name: 'La personne que l’e-mail salue', email: 'L’adresse où part l’e-mail' },
          link: 'Confirme l’adresse ; valable deux jours',
        },
      },
      exists: {
        description:
          'Quelqu’un a voulu s’inscrire avec une adresse qui a déjà un compte : son titulaire est prévenu, avec les moyens de revenir',
        variables: {
          recipient: { name: 'La personne que l’e-mail salue', email: 'L’adresse où part l’e-mail' },
          sign_in_link: 'La page de connexion du site',
          forgot_link: 'Où réinitialiser un mot de passe oublié',
        },
      },
      password_reset: {
        description: 'Un visiteur a oublié le mot de passe de son compte : le lien qui en définit un nouveau',
        variables: {
          recipient: { name: 'La personne que l’e-mail salue', email: 'L’adresse où part l’e-mail' },
          link: 'Définit un nouveau mot de passe ; valable une heure, une fois',
        },
      },
      email_change: {
        description:
          'Un visiteur a demandé à passer son compte à une nouvelle adresse : envoyé à cette adresse, pour la confirmer',
        variables: {
          recipient: {
            name: 'La personne que l’e-mail salue',
            email: 'La nouvelle adresse, où part l’e-mail',
          },
          link: 'Confirme la nouvelle adresse ; valable un jour',
        },
      },
      email_changed: {
        description:
          'L’adresse d’un compte a changé : l’ancienne adresse est prévenue, au cas où ce ne serait pas son titulaire',
        variables: {
          recipient: {
            name: 'La personne que l’e-mail salue',
            email: 'L’ancienne adresse, où part l’e-mail',
          },
          new_email: 'L’adresse que le compte utilise désormais',
        },
      },
    },
    newsletter: {
      confirm: {
        description:
          'Quelqu’un s’est abonné à la lettre d’information : le lien qui confirme son abonnement (double opt-in)',
        variables: {
          recipient: {
            name: 'Le nom donné par l’abonné ; vide s’il n’en a donné aucun',
            email: 'L’adresse abonnée',
          },
          link: 'Confirme l’abonnement',
        },
      },
    },
  },
};
