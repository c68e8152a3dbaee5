// @ts-check
import { useQuery } from '@tanstack/react-query';
import { createElement as h } from 'react';
import { Link } from 'react-router';
import { entriesQuery, LIMIT } from './entries.js';
import { Anchor, Text } from './ui.js';

/**
 * The dashboard's card: how many entries the guestbook shows, with a way to the moderation screen
 * for those who may moderate.
 * @param {import('@tessera/plugin/admin').AdminContext} admin
 */
export function entryCountWidget(admin) {
  return function EntryCount() {
    const { t } = admin.useTranslation();
    const can = admin.useCan();
    const entries = useQuery(entriesQuery(admin));
    if (entries.error) return h(Text, { c: 'red', size: 'sm', role: 'alert' }, entries.error.message);
    if (!entries.data) return null;
    const count = entries.data.length;
    return h(
      'div',
      null,
      h(
        Text,
        { size: 'xl', fw: 700 },
        count >= LIMIT ? t('widget.many', { count: LIMIT }) : t('widget.entries', { count }),
      ),
      can('guestbook.moderate')
        ? h(Anchor, { component: Link, to: '/plugins/guestbook/moderation', size: 'sm' }, t('widget.open'))
        : null,
    );
  };
}
