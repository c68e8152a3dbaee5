import type { PluginContext } from '@tessera/plugin';

/** The mails the plugin sends to the site's administrators (its Admins and the Super Admins). */
export const BACKUP_FAILED = 'backup.failed';
export const RESTORE_DONE = 'backup.restore_done';

export function defineMails(plugin: PluginContext): void {
  plugin.mail.template(BACKUP_FAILED, {
    description: 'A backup of the installation failed (to the administrators)',
    variables: [
      {
        name: 'backup.name',
        type: 'string',
        description: 'The backup’s name',
        example: 'tessera-20261207-030000-1-12',
      },
      {
        name: 'backup.reason',
        type: 'string',
        description: 'Why it failed',
        example: 'No space left on the disk',
      },
      {
        name: 'backup.trigger',
        type: 'string',
        description: 'manual, scheduled or safety',
        example: 'scheduled',
      },
    ],
    defaults: {
      en: {
        subject: 'Backup {{ backup.name }} failed',
        html: '<p>The {{ backup.trigger }} backup <strong>{{ backup.name }}</strong> of {{ site.name }} failed:</p><p>{{ backup.reason }}</p><p>The earlier backups are kept. Look at the backups’ history in the administration.</p>',
        text: 'The {{ backup.trigger }} backup {{ backup.name }} of {{ site.name }} failed:\n\n{{ backup.reason }}\n\nThe earlier backups are kept. Look at the backups’ history in the administration.',
      },
      fr: {
        subject: 'La sauvegarde {{ backup.name }} a échoué',
        html: '<p>La sauvegarde ({{ backup.trigger }}) <strong>{{ backup.name }}</strong> de {{ site.name }} a échoué :</p><p>{{ backup.reason }}</p><p>Les sauvegardes précédentes sont conservées. Consultez l’historique des sauvegardes dans l’administration.</p>',
        text: 'La sauvegarde ({{ backup.trigger }}) {{ backup.name }} de {{ site.name }} a échoué :\n\n{{ backup.reason }}\n\nLes sauvegardes précédentes sont conservées. Consultez l’historique des sauvegardes dans l’administration.',
      },
    },
  });
  plugin.mail.template(RESTORE_DONE, {
    description: 'The installation was restored from a backup (to the administrators)',
    variables: [
      {
        name: 'backup.name',
        type: 'string',
        description: 'The backup restored',
        example: 'tessera-20261207-030000-1-12',
      },
      {
        name: 'backup.started_at',
        type: 'string',
        description: 'When it was taken (UTC)',
        example: '2026-12-07T03:00:00.000Z',
      },
      {
        name: 'safety.name',
        type: 'string',
        description: 'The safety backup of what was there before',
        example: 'tessera-20261207-101500-1-13',
      },
    ],
    defaults: {
      en: {
        subject: '{{ site.name }} was restored from {{ backup.name }}',
        html: '<p>The installation was restored from the backup <strong>{{ backup.name }}</strong>, taken {{ backup.started_at }}.</p><p>What was there before is in the safety backup {{ safety.name }}.</p>',
        text: 'The installation was restored from the backup {{ backup.name }}, taken {{ backup.started_at }}.\n\nWhat was there before is in the safety backup {{ safety.name }}.',
      },
      fr: {
        subject: '{{ site.name }} a été restauré depuis {{ backup.name }}',
        html: '<p>L’installation a été restaurée depuis la sauvegarde <strong>{{ backup.name }}</strong>, prise le {{ backup.started_at }}.</p><p>Ce qui était là avant est dans la sauvegarde de sécurité {{ safety.name }}.</p>',
        text: 'L’installation a été restaurée depuis la sauvegarde {{ backup.name }}, prise le {{ backup.started_at }}.\n\nCe qui était là avant est dans la sauvegarde de sécurité {{ safety.name }}.',
      },
    },
  });
}
