import type { PluginContext } from '@tessera/plugin';

/** The mails members get, as templates administrators may change per language. */
export function membersMails(plugin: PluginContext): void {
  const variables = [
    { name: 'member.name', type: 'string', description: 'The member’s name', example: 'Ada' },
    { name: 'plan.name', type: 'string', description: 'The plan’s name', example: 'Friends' },
    {
      name: 'plan.benefits',
      type: 'list',
      description: 'The plan’s benefits',
      example: ['The newsletter', 'Comments'],
    },
  ] as const;
  plugin.mail.template('members.welcome', {
    description: 'Sent to a member who joined a plan (unless the welcome mail is off in the settings)',
    variables,
    defaults: {
      en: {
        subject: 'Welcome to {{ site.name }}',
        html: '<p>Hello {{ member.name }},</p><p>You are now a member of {{ site.name }} on the {{ plan.name }} plan.</p>{% if plan.benefits.size > 0 %}<ul>{% for benefit in plan.benefits %}<li>{{ benefit }}</li>{% endfor %}</ul>{% endif %}',
        text: 'Hello {{ member.name }},\n\nYou are now a member of {{ site.name }} on the {{ plan.name }} plan.\n{% for benefit in plan.benefits %}\n- {{ benefit }}{% endfor %}\n',
      },
      fr: {
        subject: 'Bienvenue sur {{ site.name }}',
        html: '<p>Bonjour {{ member.name }},</p><p>Vous êtes maintenant membre de {{ site.name }}, formule {{ plan.name }}.</p>{% if plan.benefits.size > 0 %}<ul>{% for benefit in plan.benefits %}<li>{{ benefit }}</li>{% endfor %}</ul>{% endif %}',
        text: 'Bonjour {{ member.name }},\n\nVous êtes maintenant membre de {{ site.name }}, formule {{ plan.name }}.\n{% for benefit in plan.benefits %}\n- {{ benefit }}{% endfor %}\n',
      },
    },
  });
  plugin.mail.template('members.plan_changed', {
    description: 'Sent to a member whose plan an administrator changed',
    variables,
    defaults: {
      en: {
        subject: 'Your plan on {{ site.name }} changed',
        html: '<p>Hello {{ member.name }},</p><p>Your membership of {{ site.name }} is now on the {{ plan.name }} plan.</p>',
        text: 'Hello {{ member.name }},\n\nYour membership of {{ site.name }} is now on the {{ plan.name }} plan.\n',
      },
      fr: {
        subject: 'Votre formule sur {{ site.name }} a changé',
        html: '<p>Bonjour {{ member.name }},</p><p>Votre adhésion à {{ site.name }} est maintenant sur la formule {{ plan.name }}.</p>',
        text: 'Bonjour {{ member.name }},\n\nVotre adhésion à {{ site.name }} est maintenant sur la formule {{ plan.name }}.\n',
      },
    },
  });
}
