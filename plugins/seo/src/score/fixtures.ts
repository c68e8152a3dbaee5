import { scoreEntry } from './index.js';
import type { Check, CheckId, ScoreInput } from './types.js';

/**
 * Test entries that pass every check, one per language: a test changes one thing and sees which
 * check objects. Not imported by the plugin itself.
 */
export const ENGLISH_ENTRY: ScoreInput = {
  title: 'Grow tomatoes at home: a simple guide for small gardens',
  description:
    'Grow tomatoes at home with little space: where to put the pots, which soil to use, how to water and feed them, and when to pick the fruit.',
  slug: 'grow-tomatoes-at-home',
  keyphrase: 'grow tomatoes',
  contentLocale: 'en',
  origin: 'https://example.com',
  others: {
    titles: ['How to prune roses', 'Our favourite garden tools'],
    descriptions: ['Prune roses in late winter for more flowers.'],
  },
  html: `
<p>You can grow tomatoes at home with little space and little money. All they need is sun, water and good soil.
This guide shows you how to start, what to buy and how to care for your plants. By the end of the summer,
you will pick your own fruit.</p>
<h2>Where to grow tomatoes</h2>
<p>Tomatoes love the sun. Pick a spot that gets at least six hours of light each day. A balcony, a patio or a
window box can all work. If the wind is strong, put the pots near a wall. The plants will be warm there and
will grow faster.</p>
<figure><img src="/media/balcony.jpg" alt="Tomato plants on a sunny balcony"><figcaption>A sunny balcony is enough.</figcaption></figure>
<h3>Pots and soil</h3>
<p>Use pots that hold at least twenty litres. Small pots dry out fast and the roots have no room. Fill them with
a rich compost. You can read more in our <a href="/guides/soil">guide to soil</a>. Mix in a little sand if the
compost feels heavy.</p>
<h2>Water and food</h2>
<p>Water your plants in the morning, at the base and not on the leaves. Give them a deep drink two or three
times a week. In hot weather, they may need water every day. Feed them once a week with tomato food when the
first flowers show.</p>
<h2>When to pick</h2>
<p>Pick the fruit when it is red and a little soft. Do not pull it. Twist it gently so the stem stays on the
plant. Ripe fruit tastes best on the day you pick it. Keep it out of the fridge so it stays sweet.</p>
<p>Most people grow tomatoes for the taste. Once you try your own, the ones from the shop will never seem the
same. The <a href="https://en.wikipedia.org/wiki/Tomato">history of the tomato</a> is long, and it started
far from here. Now it is your turn to start.</p>
<p>Start with one or two plants in your first year. You will learn what works on your balcony, and next
spring you can try a few more.</p>`,
};

export const FRENCH_ENTRY: ScoreInput = {
  title: 'Assurance vie : le guide simple pour choisir son contrat',
  description:
    'L’assurance vie expliquée simplement : comment elle marche, quels frais comparer, quand ouvrir un contrat et comment choisir qui recevra l’argent.',
  slug: 'assurance-vie-guide-simple',
  keyphrase: 'assurance vie',
  contentLocale: 'fr-FR',
  origin: 'https://www.exemple.fr',
  others: {
    titles: ['Le livret A en dix questions'],
    descriptions: ['Tout savoir sur le livret A : taux, plafond et retraits.'],
  },
  html: `
<p>L&rsquo;assurance vie est un placement simple pour mettre de l’argent de côté. Elle sert à préparer un projet,
aider ses enfants ou compléter sa retraite. Ce guide explique comment elle marche et comment bien la choisir.
Vous saurez quoi demander à votre banque.</p>
<h2>Comment marche l’assurance vie</h2>
<p>Vous versez de l’argent sur un contrat. Cet argent est placé sur des fonds. Certains fonds sont sûrs,
d’autres rapportent plus mais peuvent baisser. Vous pouvez retirer votre argent quand vous voulez. Il n’est
pas bloqué, même si les impôts sont plus bas après huit ans.</p>
<p><img src="/media/contrat.jpg" alt="Un couple relit son contrat"></p>
<h3>Les frais</h3>
<p>Chaque contrat a des frais. Il y a des frais sur les versements et des frais de gestion chaque année.
Comparez-les avant de signer. Notre <a href="https://exemple.fr/guides/frais">guide des frais</a> vous aide à
faire le calcul. Un petit écart chaque année finit par coûter cher.</p>
<h2>Bien choisir son contrat</h2>
<p>Regardez d’abord les frais, puis le choix des fonds. Un bon contrat offre des fonds variés et une gestion
claire. Demandez aussi ce qui se passe en cas de décès. Vous pouvez choisir qui recevra l’argent. C’est la
clause bénéficiaire.</p>
<h2>Quand ouvrir un contrat</h2>
<p>Le plus tôt est le mieux. Les huit ans comptent à partir du premier versement. Vous pouvez ouvrir un contrat
avec une petite somme et verser plus tard. Beaucoup de gens en ouvrent un dès leur premier emploi.</p>
<p>Pour en savoir plus, lisez la <a href="https://www.service-public.fr/particuliers/vosdroits/F22414">fiche
du service public</a> sur l’assurance vie. Elle est claire et à jour. Prenez le temps de bien lire avant de
signer.</p>
<p>Enfin, gardez en tête que ce placement se pense sur la durée. Ne placez pas l’argent dont vous aurez
besoin le mois prochain. Gardez une épargne de côté sur un livret pour les imprévus. Le reste peut aller sur
le contrat et travailler pour vous pendant des années. Faites le point une fois par an avec votre conseiller.</p>`,
};

export function checkOf(input: ScoreInput, id: CheckId, uiLocale = 'en'): Check {
  const check = scoreEntry(input, uiLocale).checks.find((candidate) => candidate.id === id);
  if (!check) throw new Error(`no ${id} check`);
  return check;
}
