import type { FastifyRequest } from 'fastify';

/** The languages the server writes its messages in; English is what it writes first. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user's profile language (users.locale, "und" when they chose none), set by
     * authentication from the standing it loads anyway; null for anonymous requests.
     */
    profileLocale: string | null;
  }
}

/** The language a BCP 47 tag names (`fr-CA` is French), when the server writes it. */
function spoken(tag: string | null | undefined): Language | null {
  const base = tag?.trim().toLowerCase().split('-')[0];
  return LANGUAGES.find((language) => language === base) ?? null;
}

/** The weight of an Accept-Language entry (`q=0.8`), 1 when it gives none, 0 when it is not a number. */
function weightOf(parameters: readonly string[]): number {
  const q = parameters.map((parameter) => parameter.trim()).find((parameter) => /^q=/i.test(parameter));
  if (q === undefined) return 1;
  const weight = Number(q.slice(2));
  return Number.isFinite(weight) ? weight : 0;
}

/** The spoken language an Accept-Language header weighs most (the first listed on a tie), or null. */
function acceptedLanguage(header: string | undefined): Language | null {
  let best: Language | null = null;
  let bestWeight = 0;
  for (const entry of (header ?? '').split(',')) {
    const [tag, ...parameters] = entry.split(';');
    const language = spoken(tag);
    const weight = weightOf(parameters);
    if (language && weight > bestWeight) {
      best = language;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * The caller's language: their profile's when it names one the server writes, else the one their
 * Accept-Language prefers among those, else English. The admin decides its interface's language
 * the same way, so a person reads the server in the words of the screen around it.
 */
export function languageOf(
  profileLocale: string | null | undefined,
  acceptLanguage: string | undefined,
): Language {
  return spoken(profileLocale) ?? acceptedLanguage(acceptLanguage) ?? 'en';
}

/**
 * The language to answer a request in. Asked only when there is something to say (an error, a
 * stored failure), and costs no query: the profile's language came with the user's standing.
 */
export function callerLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  return languageOf(request.profileLocale ?? null, Array.isArray(header) ? header.join(',') : header);
}
