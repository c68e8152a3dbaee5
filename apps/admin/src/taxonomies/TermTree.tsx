import { Alert, Menu, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../api.js';
import { SortableTree, type TreeTexts } from '../shell/SortableTree.js';
import { flatten } from '../shell/tree.js';
import { useTermMove } from './moves.js';
import { isDefaultTerm, type TaxonomyLabels, type Term } from './queries.js';
import { TermCount, TermSummary } from './TermTreeRow.js';

/**
 * A hierarchical taxonomy's terms as a tree (shell/SortableTree.tsx): dragged by a row's handle or
 * moved from its menu to reorder and nest. Each move is saved at once and the tree fetched again.
 */
export function TermTree(props: {
  taxonomy: string;
  terms: Term[];
  canManage: boolean;
  labels: TaxonomyLabels;
  onEdit: (term: Term) => void;
  onDelete: (term: Term) => void;
}) {
  const { t } = useTranslation();
  const move = useTermMove(props.taxonomy);
  const rows = useMemo(() => flatten(props.terms), [props.terms]);
  const texts = useMemo<TreeTexts>(
    () => ({
      list: props.labels.plural,
      actionsFor: (name) => t('taxonomies.actionsFor', { name }),
      moveUp: t('taxonomies.moveUp'),
      moveDown: t('taxonomies.moveDown'),
      indent: (name) => (name ? t('taxonomies.indentUnder', { name }) : t('taxonomies.indent')),
      outdent: (name) => (name ? t('taxonomies.outdentFrom', { name }) : t('taxonomies.outdent')),
      moved: (name, parent, position) =>
        parent === null
          ? t('taxonomies.movedTop', { name, position })
          : t('taxonomies.movedUnder', { name, parent, position }),
      drag: {
        instructions: t('taxonomies.drag.instructions'),
        start: (name) => t('taxonomies.drag.start', { name }),
        over: (name, over) => t('taxonomies.drag.over', { name, over }),
        end: (name) => t('taxonomies.drag.end', { name }),
        cancel: (name) => t('taxonomies.drag.cancel', { name }),
      },
    }),
    [t, props.labels.plural],
  );

  return (
    <Stack gap="xs">
      {move.error ? (
        <Alert color="red" role="alert" title={t('taxonomies.moveFailed')}>
          {toApiError(move.error).message}
        </Alert>
      ) : null}
      <SortableTree
        rows={rows}
        nameOf={(term) => term.name}
        texts={texts}
        editable={props.canManage}
        busy={move.isPending}
        onMove={(placement) => move.mutateAsync(placement)}
        attributes={(row) => ({ 'data-term': row.node.name })}
        content={(row, parent) => <TermSummary taxonomy={props.taxonomy} term={row.node} parent={parent} />}
        aside={(row) => <TermCount term={row.node} />}
        menuBefore={(row) => (
          <Menu.Item onClick={() => props.onEdit(row.node)}>{t('taxonomies.edit')}</Menu.Item>
        )}
        menuAfter={(row) =>
          isDefaultTerm(props.taxonomy, row.node) ? null : (
            <Menu.Item color="red.9" onClick={() => props.onDelete(row.node)}>
              {t('taxonomies.delete')}
            </Menu.Item>
          )
        }
      />
    </Stack>
  );
}
