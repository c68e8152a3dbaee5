/** What the plugin's pages and mails say, in English and French. */
export interface Words {
  plans: string;
  plansIntro: string;
  noPlans: string;
  free: string;
  perMonth: (price: string) => string;
  perYear: (price: string) => string;
  join: string;
  joinPlan: (plan: string) => string;
  yourPlan: string;
  paidLater: string;
  signInToJoin: string;
  signIn: string;
  register: string;
  joiningClosed: string;
  alreadyMember: string;
  memberPage: string;
  notMember: string;
  seePlans: string;
  status: Record<'active' | 'suspended' | 'cancelled', string>;
  statusLabel: string;
  since: string;
  profile: string;
  save: string;
  saved: string;
  joined: string;
  leave: string;
  leaveHelp: string;
  left: string;
  fixErrors: string;
  required: string;
  yes: string;
}

const en: Words = {
  plans: 'Membership',
  plansIntro: 'Choose a plan to become a member.',
  noPlans: 'No plans are offered at the moment.',
  free: 'Free',
  perMonth: (price) => `${price} a month`,
  perYear: (price) => `${price} a year`,
  join: 'Join',
  joinPlan: (plan) => `Join ${plan}`,
  yourPlan: 'Your plan',
  paidLater: 'Paid plans open soon.',
  signInToJoin: 'Sign in, or create an account, to join. Then come back to this page.',
  signIn: 'Sign in',
  register: 'Create an account',
  joiningClosed: 'Joining is closed for now.',
  alreadyMember: 'You are already a member.',
  memberPage: 'Your membership',
  notMember: 'You are not a member yet.',
  seePlans: 'See the plans',
  status: { active: 'Active', suspended: 'Suspended', cancelled: 'Cancelled' },
  statusLabel: 'Status',
  since: 'Member since',
  profile: 'Your profile',
  save: 'Save',
  saved: 'Your profile was saved.',
  joined: 'Welcome! You are now a member.',
  leave: 'Leave the plan',
  leaveHelp: 'Your membership ends now; your account stays.',
  left: 'You left the plan.',
  fixErrors: 'Please correct the fields marked below.',
  required: 'required',
  yes: 'Yes',
};

const fr: Words = {
  plans: 'Adhésion',
  plansIntro: 'Choisissez une formule pour devenir membre.',
  noPlans: 'Aucune formule n’est proposée pour le moment.',
  free: 'Gratuit',
  perMonth: (price) => `${price} par mois`,
  perYear: (price) => `${price} par an`,
  join: 'Adhérer',
  joinPlan: (plan) => `Adhérer à ${plan}`,
  yourPlan: 'Votre formule',
  paidLater: 'Les formules payantes ouvrent bientôt.',
  signInToJoin: 'Connectez-vous, ou créez un compte, pour adhérer. Revenez ensuite sur cette page.',
  signIn: 'Se connecter',
  register: 'Créer un compte',
  joiningClosed: 'Les adhésions sont fermées pour le moment.',
  alreadyMember: 'Vous êtes déjà membre.',
  memberPage: 'Votre adhésion',
  notMember: 'Vous n’êtes pas encore membre.',
  seePlans: 'Voir les formules',
  status: { active: 'Active', suspended: 'Suspendue', cancelled: 'Résiliée' },
  statusLabel: 'Statut',
  since: 'Membre depuis le',
  profile: 'Votre profil',
  save: 'Enregistrer',
  saved: 'Votre profil est enregistré.',
  joined: 'Bienvenue ! Vous êtes maintenant membre.',
  leave: 'Quitter la formule',
  leaveHelp: 'Votre adhésion prend fin maintenant ; votre compte reste.',
  left: 'Vous avez quitté la formule.',
  fixErrors: 'Corrigez les champs signalés ci-dessous.',
  required: 'obligatoire',
  yes: 'Oui',
};

export const wordsFor = (locale: string): Words => (locale.startsWith('fr') ? fr : en);
