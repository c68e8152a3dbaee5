import type { en } from './messages.js';

/**
 * The French words of this area (messages.ts has the English): one module per language, so each
 * language's chunk carries its own words only.
 */
export const fr: typeof en = {
  title: 'Modèles d’e-mail',
  intro:
    'Chaque e-mail que le site envoie est écrit à partir d’un modèle : un objet, une partie HTML et une partie texte, en Liquid. Modifiez-en un pour le dire à votre façon, dans chaque langue ; réinitialisez-le pour revenir au modèle par défaut.',
  empty: 'Ce site n’envoie aucun e-mail qui ait un modèle.',
  customised: 'Modifié en : {{languages}}',
  defaults: 'Modèles par défaut',
  back: 'Tous les modèles d’e-mail',
  notFound: 'Ce site n’a pas d’e-mail de ce nom.',
  language: 'Langue',
  own: 'Modifié pour ce site',
  default: 'Modèle par défaut',
  savedAt: 'Enregistré le {{date}}',
  subject: 'Objet',
  html: 'Partie HTML',
  htmlHelp:
    'Les valeurs sont échappées pour le HTML ; le filtre raw en affiche une telle quelle. La mise en page du site, avec son logo et ses couleurs, l’entoure.',
  text: 'Partie texte',
  textHelp: 'Pour les messageries qui n’affichent pas le HTML. La signature du site est ajoutée en dessous.',
  save: 'Enregistrer',
  saved: 'Modèle enregistré.',
  notSaved: 'Le modèle n’a pas été enregistré : voyez les parties signalées ci-dessous.',
  reset: 'Revenir au modèle par défaut',
  resetTitle: 'Réinitialiser ce modèle ?',
  resetText:
    'Le modèle en {{language}} de cet e-mail revient au modèle par défaut. La version propre au site est supprimée, et les modifications non enregistrées sont perdues.',
  resetDone: 'Le modèle par défaut est rétabli.',
  sendTest: 'Envoyer un test',
  testHelp: 'Envoie l’aperçu, modifications non enregistrées comprises, à votre propre adresse.',
  testSent: 'Un e-mail de test part vers {{to}}.',
  variables: 'Variables',
  variablesHelp: 'Choisissez-en une pour l’insérer au curseur de la partie où vous étiez : {{part}}.',
  insertLabel: 'Insérer {{name}} ({{part}})',
  example: 'Exemple :',
  type: {
    string: 'texte',
    url: 'adresse',
    email: 'e-mail',
    list: 'liste',
  },
  preview: 'Aperçu',
  previewHelp: 'Avec des données d’exemple, tel que l’e-mail est envoyé.',
  width: 'Largeur de l’aperçu',
  desktop: 'Ordinateur',
  mobile: 'Mobile',
  frameTitle: 'La partie HTML de l’e-mail',
  subjectShown: 'Objet :',
  textPart: 'Partie texte',
  updating: 'Mise à jour de l’aperçu…',
  stale: 'Le modèle a un problème : l’aperçu montre la dernière version qui a pu être affichée.',
};
