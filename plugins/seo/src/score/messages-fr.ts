import type { Messages } from './messages.js';
import type { ReadabilityFormula } from './readability.js';

const integer = new Intl.NumberFormat('fr', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('fr', { maximumFractionDigits: 1 });

/**
 * French typography on the literal parts of a message (values such as the keyphrase are left as
 * written): no-break spaces before « : » and inside guillemets, narrow ones before ; ! ? %, and
 * typographic apostrophes, so a narrow panel never wraps a colon onto a line of its own.
 */
function fr(literals: TemplateStringsArray, ...values: ReadonlyArray<string | number>): string {
  let text = '';
  literals.forEach((literal, index) => {
    text += literal
      .replace(/'/g, '’')
      .replace(/ :/g, '\u00a0:')
      .replace(/ ([;!?%])/g, '\u202f$1')
      .replace(/« /g, '«\u00a0')
      .replace(/ »/g, '\u00a0»');
    if (index < values.length) text += String(values[index]);
  });
  return text;
}

/** French counts 0 and 1 in the singular. */
function count(n: number, one: string, many: string): string {
  return `${integer.format(n)} ${n <= 1 ? one : many}`;
}

const TEST_NAMES: Record<ReadabilityFormula, string> = {
  flesch: 'de lisibilité de Flesch',
  'kandel-moles': 'de lisibilité de Kandel et Moles',
};

export const frenchMessages: Messages = {
  titleEmpty: () =>
    fr`Le titre SEO est vide : écrivez-en un de 30 à 60 caractères qui dise ce que la page propose.`,
  titleTooLong: (characters, px) =>
    fr`Le titre SEO fait ${count(characters, 'caractère', 'caractères')} (environ ${integer.format(px)} px de large) : gardez-le sous 60 caractères et 580 px pour que les résultats ne le coupent pas.`,
  titleTooShort: (characters) =>
    fr`Le titre SEO ne fait que ${count(characters, 'caractère', 'caractères')} : profitez des 60 disponibles pour dire aux internautes ce qu'ils trouveront.`,
  titleFits: (characters) =>
    fr`Le titre SEO fait ${count(characters, 'caractère', 'caractères')}, une longueur qui s'affiche en entier dans les résultats de recherche.`,

  descriptionEmpty: () =>
    fr`Il n'y a pas de méta-description, les moteurs de recherche reçoivent donc l'extrait : écrivez-en une de 120 à 160 caractères.`,
  descriptionTooShort: (characters) =>
    fr`La méta-description fait ${count(characters, 'caractère', 'caractères')} : allongez-la jusqu'à 120 à 160 caractères pour qu'elle remplisse l'extrait affiché.`,
  descriptionTooLong: (characters) =>
    fr`La méta-description fait ${count(characters, 'caractère', 'caractères')} : raccourcissez-la à 160 caractères au plus pour que les résultats ne la coupent pas.`,
  descriptionFarTooLong: (characters) =>
    fr`La méta-description fait ${count(characters, 'caractère', 'caractères')}, bien plus que ce qu'affichent les résultats : réduisez-la à 160 caractères au plus.`,
  descriptionFits: (characters) =>
    fr`La méta-description fait ${count(characters, 'caractère', 'caractères')}, dans les 120 à 160 qu'affichent les résultats.`,

  keyphraseMissing: () =>
    fr`Aucune expression clé n'est définie : choisissez-en une pour voir si l'entrée la cible bien.`,
  keyphraseTooLong: (keyphrase, contentWords) =>
    fr`L'expression clé « ${keyphrase} » compte ${count(contentWords, 'mot significatif', 'mots significatifs')} : réduisez-la à quatre au plus.`,
  keyphraseSet: (keyphrase) => fr`L'expression clé est « ${keyphrase} ».`,

  keyphraseStartsTitle: () => fr`Le titre SEO commence par l'expression clé.`,
  keyphraseLaterInTitle: () =>
    fr`Le titre SEO contient l'expression clé, mais pas au début : avancez-la, c'est là qu'elle compte le plus.`,
  keyphraseWordsInTitle: () =>
    fr`Le titre SEO contient les mots de l'expression clé, mais pas l'expression elle-même : employez-la telle quelle, idéalement au début.`,
  keyphraseNotInTitle: () =>
    fr`Le titre SEO ne contient pas l'expression clé : ajoutez-la, idéalement au début.`,

  keyphraseInSlug: () => fr`L'identifiant d'URL contient l'expression clé.`,
  keyphrasePartlyInSlug: () =>
    fr`L'identifiant d'URL ne contient qu'une partie des mots de l'expression clé : mettez-les tous.`,
  keyphraseNotInSlug: () => fr`L'identifiant d'URL ne contient pas l'expression clé : mettez-y ses mots.`,

  introductionMissing: () =>
    fr`Le texte n'a pas encore de premier paragraphe : commencez par un paragraphe qui emploie l'expression clé.`,
  keyphraseInIntroduction: () => fr`Le premier paragraphe emploie l'expression clé.`,
  keyphraseSpreadInIntroduction: () =>
    fr`Le premier paragraphe contient les mots de l'expression clé, mais pas dans une même phrase : réunissez-les.`,
  keyphraseNotInIntroduction: () =>
    fr`Le premier paragraphe n'emploie pas l'expression clé : mentionnez-la tôt pour que lecteurs et moteurs de recherche voient le sujet.`,

  subheadingsMissing: () =>
    fr`Le texte n'a pas d'intertitre (h2 ou h3) : ajoutez-en, et employez l'expression clé dans l'un d'eux.`,
  keyphraseInSubheadings: (found, total) =>
    fr`L'expression clé figure dans ${count(found, 'intertitre', 'intertitres')} sur ${integer.format(total)} (h2 ou h3).`,
  keyphraseNotInSubheadings: () =>
    fr`Aucun intertitre (h2 ou h3) n'emploie l'expression clé : employez-la dans au moins un.`,

  keyphraseDescriptionEmpty: () =>
    fr`Il n'y a pas de méta-description, l'extrait est donc utilisé : écrivez-en une qui contienne l'expression clé.`,
  keyphraseInDescription: () => fr`La méta-description contient l'expression clé.`,
  keyphraseNotInDescription: () =>
    fr`La méta-description ne contient pas l'expression clé : ajoutez-la, les résultats l'y mettent en évidence.`,

  densityNoText: () => fr`Il n'y a pas encore de texte : écrivez-en un qui emploie l'expression clé.`,
  keyphraseNotInText: () =>
    fr`Le texte n'emploie jamais l'expression clé : employez-la quelques fois, là où elle vient naturellement.`,
  densityLow: (uses, density) =>
    fr`Le texte emploie l'expression clé ${integer.format(uses)} fois, soit une densité de ${decimal.format(density)} % : employez-la un peu plus, visez 0,5 à 3 %.`,
  densityGood: (uses, density) =>
    fr`Le texte emploie l'expression clé ${integer.format(uses)} fois, soit une densité de ${decimal.format(density)} %, entre 0,5 et 3 %.`,
  densityHigh: (uses, density) =>
    fr`Le texte emploie l'expression clé ${integer.format(uses)} fois, soit une densité de ${decimal.format(density)} % : employez-la moins, sous 3 %, pour que le texte ne paraisse pas suroptimisé.`,

  headingH1InBody: (n) =>
    fr`Le texte contient ${count(n, 'titre h1', 'titres h1')} alors que le thème affiche déjà le titre en h1 : ${n <= 1 ? 'passez-le' : 'passez-les'} en h2.`,
  headingSkipsLevel: (from, to) =>
    fr`Les titres sautent un niveau (h${from} puis h${to}) : employez plutôt h${from + 1} à cet endroit.`,
  headingsMissing: (words) =>
    fr`Le texte compte ${count(words, 'mot', 'mots')} sans intertitre : découpez-le avec des titres h2.`,
  headingsSound: () => fr`La structure des titres est correcte : pas de h1 dans le texte ni de niveau sauté.`,

  imagesMissing: () =>
    fr`Le texte n'a aucune image : ajoutez-en une, avec un texte alternatif qui la décrive.`,
  imagesWithoutAlt: (missing, total) =>
    fr`${count(missing, 'image', 'images')} sur ${integer.format(total)} ${missing <= 1 ? 'n’a' : 'n’ont'} pas de texte alternatif : décrivez chacune pour les lecteurs d'écran et les moteurs de recherche.`,
  imagesAllHaveAlt: (total) =>
    total <= 1
      ? fr`L'image a un texte alternatif.`
      : fr`Les ${integer.format(total)} images ont toutes un texte alternatif.`,

  internalLinksMissing: () =>
    fr`Le texte n'a aucun lien vers d'autres pages de ce site : ajoutez-en pour que lecteurs et moteurs de recherche les trouvent.`,
  internalLinks: (n) => fr`Le texte a ${count(n, 'lien', 'liens')} vers d'autres pages de ce site.`,
  outboundLinksMissing: () =>
    fr`Le texte n'a aucun lien vers d'autres sites : citez une source utile là où elle aide le lecteur.`,
  outboundLinks: (n) => fr`Le texte a ${count(n, 'lien', 'liens')} vers d'autres sites.`,

  contentEmpty: () => fr`Le texte est vide : écrivez au moins 300 mots.`,
  contentTooShort: (words) =>
    fr`Le texte ne compte que ${count(words, 'mot', 'mots')} : écrivez-en au moins 300 pour que la page ait de la substance.`,
  contentFairlyShort: (words) => fr`Le texte compte ${count(words, 'mot', 'mots')} : visez au moins 300.`,
  contentLongEnough: (words) =>
    fr`Le texte compte ${count(words, 'mot', 'mots')}, de quoi bien couvrir le sujet.`,

  nothingToMeasure: () => fr`Il n'y a pas encore de texte à mesurer : écrivez quelques paragraphes.`,
  sentencesShortEnough: (percent, limit) =>
    fr`${integer.format(percent)} % des phrases dépassent ${limit} mots, dans la limite de 25 %.`,
  sentencesTooLong: (percent, limit) =>
    fr`${integer.format(percent)} % des phrases dépassent ${limit} mots : raccourcissez-en pour revenir à 25 % au plus.`,

  paragraphsShortEnough: () => fr`Aucun paragraphe ne dépasse 150 mots.`,
  paragraphsTooLong: (n, longest) =>
    fr`${count(n, 'paragraphe dépasse', 'paragraphes dépassent')} 150 mots (le plus long en compte ${integer.format(longest)}) : ${n <= 1 ? 'découpez-le' : 'découpez-les'}.`,

  readabilityEasy: (formula, score) =>
    fr`Le texte obtient ${integer.format(score)} au test ${TEST_NAMES[formula]} : il se lit facilement.`,
  readabilityFair: (formula, score) =>
    fr`Le texte obtient ${integer.format(score)} au test ${TEST_NAMES[formula]}, assez difficile : employez des phrases plus courtes et des mots plus simples.`,
  readabilityHard: (formula, score) =>
    fr`Le texte obtient ${integer.format(score)} au test ${TEST_NAMES[formula]}, difficile à lire : employez des phrases plus courtes et des mots plus simples.`,

  titleUnique: () => fr`Aucune autre entrée n'a ce titre SEO.`,
  titleDuplicated: () => fr`Une autre entrée a le même titre SEO : donnez à celle-ci le sien.`,
  descriptionUnique: () => fr`Aucune autre entrée n'a cette méta-description.`,
  descriptionNotCompared: () =>
    fr`Il n'y a pas de méta-description à comparer avec celles des autres entrées.`,
  descriptionDuplicated: () =>
    fr`Une autre entrée a la même méta-description : écrivez-en une propre à celle-ci.`,
};
