import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeTexts } from '../shell/SortableTree.js';

/** The words of a sortable list of menu items or widgets. */
export function useTreeTexts(list: string, area: 'menus' | 'widgets'): TreeTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      list,
      actionsFor: (name) => t('appearance.actionsFor', { name }),
      moveUp: t('appearance.moveUp'),
      moveDown: t('appearance.moveDown'),
      indent: (name) => (name ? t('appearance.indentUnder', { name }) : t('appearance.indent')),
      outdent: (name) => (name ? t('appearance.outdentFrom', { name }) : t('appearance.outdent')),
      moved: (name, parent, position) =>
        parent === null
          ? t(`appearance.${area}.movedTop`, { name, position })
          : t('appearance.menus.movedUnder', { name, parent, position }),
      drag: {
        instructions: t('appearance.drag.instructions'),
        start: (name) => t('appearance.drag.start', { name }),
        over: (name, over) => t('appearance.drag.over', { name, over }),
        end: (name) => t('appearance.drag.end', { name }),
        cancel: (name) => t('appearance.drag.cancel', { name }),
      },
    }),
    [t, list, area],
  );
}
