import type { PluginAppError, PluginErrors } from '@tessera/plugin';

/**
 * The plugin's refusals in the caller's language. Services throw them in English (a job or another
 * plugin may be the caller); a route says them again in French for a French caller, message and
 * per-field messages alike, with the same status and code. The engine's own messages about profile
 * values are left as the engine wrote them.
 */
const FR: Record<string, string> = {
  'A free plan has no billing interval.': 'Une formule gratuite n’a pas de période de facturation.',
  'A free plan has no currency.': 'Une formule gratuite n’a pas de devise.',
  'A paid plan needs its billing interval.': 'Une formule payante a besoin de sa période de facturation.',
  'A paid plan needs its currency.': 'Une formule payante a besoin de sa devise.',
  'Another plan has this slug.': 'Une autre formule a déjà ce slug.',
  'Choose an image of the media library.': 'Choisissez une image de la médiathèque.',
  'Joining is closed.': 'Les adhésions sont fermées.',
  'No such plan.': 'Cette formule n’existe pas.',
  'Only a paid plan can be given for free.': 'Seule une formule payante peut être offerte.',
  'Only a suspended membership can be resumed.': 'Seule une adhésion suspendue peut reprendre.',
  'Only an active membership can be suspended.': 'Seule une adhésion active peut être suspendue.',
  'Paid plans cannot be joined yet.': 'Les formules payantes ne sont pas encore ouvertes.',
  'This membership is cancelled already.': 'Cette adhésion est déjà résiliée.',
  'This plan has members: archive it instead, which keeps them.':
    'Cette formule a des membres : archivez-la plutôt, ce qui les garde.',
  'You are already a member.': 'Vous êtes déjà membre.',
  'Too many accounts match: search for more of the name or address.':
    'Trop de comptes correspondent : cherchez une plus grande partie du nom ou de l’adresse.',
  'The first line names the columns: email and plan (comped is optional).':
    'La première ligne nomme les colonnes : email et plan (comped est facultative).',
  'This address is on an earlier line.': 'Cette adresse figure déjà sur une ligne précédente.',
  'No account of the site has this address.': 'Aucun compte du site n’a cette adresse.',
  'This account is anonymised.': 'Ce compte est anonymisé.',
  'This plan is archived.': 'Cette formule est archivée.',
  'Comped is yes or no.': 'Comped vaut yes ou no.',
  'This account is a member already.': 'Ce compte est déjà membre.',
  'Choose one or more plans of the site.': 'Choisissez une ou plusieurs formules du site.',
};

/** `A profile field is one of: ...`, the one message with a list in it. */
const PROFILE_TYPES_EN = 'A profile field is one of: ';
const PROFILE_TYPES_FR = 'Un champ de profil est de l’un de ces types : ';

const IMPORT_TOO_LONG = /^A file holds at most (\d+) members\.$/;

export function inFrench(message: string): string {
  const tooLong = IMPORT_TOO_LONG.exec(message);
  if (tooLong) return `Un fichier contient au plus ${tooLong[1]} membres.`;
  if (message.startsWith(PROFILE_TYPES_EN)) return PROFILE_TYPES_FR + message.slice(PROFILE_TYPES_EN.length);
  return FR[message] ?? message;
}

/** The same refusal, said in French. */
function frenchOf(errors: PluginErrors, error: PluginAppError): PluginAppError {
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([key, messages]) => [key, messages.map(inFrench)]),
  );
  switch (error.status) {
    case 409:
      return new errors.Conflict(inFrench(error.message), error.code, fields);
    case 422:
      // The core's own words for a 422 (its default message) are the core's to translate.
      return new errors.ValidationFailed(
        fields,
        error.message === 'The given data was invalid.' ? undefined : inFrench(error.message),
        error.code,
      );
    case 403:
      return new errors.Forbidden(inFrench(error.message), error.code);
    default:
      return error;
  }
}

/** Runs a route's work, saying the plugin's refusals in the caller's language. */
export async function inLanguage<T>(
  errors: PluginErrors,
  locale: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const refusal = error as PluginAppError;
    if (!locale.startsWith('fr') || typeof refusal?.code !== 'string' || typeof refusal.status !== 'number')
      throw error;
    throw frenchOf(errors, refusal);
  }
}
