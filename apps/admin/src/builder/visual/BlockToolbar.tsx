import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import type { PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { type ToolbarGlyph, ToolbarIcon } from './ToolbarIcon.js';

/** The selected block's toolbar on the canvas: its name, a handle to drag it, and its actions. */
export function BlockToolbar(props: {
  name: string;
  readOnly: boolean;
  hasParent: boolean;
  onDragStart: (event: ReactPointerEvent) => void;
  onMove: (way: 'up' | 'down') => void;
  onParent: () => void;
  onDuplicate: () => void;
  onCopy: () => void;
  /** Null when nothing was copied. */
  onPaste: (() => void) | null;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const action = (label: string, glyph: ToolbarGlyph, onClick: () => void, disabled = false) => (
    <Tooltip label={label} withinPortal>
      <ActionIcon
        variant="transparent"
        c="white"
        size="sm"
        aria-label={t('builder.visual.actionNamed', { action: label, name: props.name })}
        disabled={disabled}
        onClick={onClick}
      >
        <ToolbarIcon glyph={glyph} />
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Group
      gap={2}
      wrap="nowrap"
      role="toolbar"
      aria-label={t('builder.visual.toolbar', { name: props.name })}
    >
      {props.readOnly ? null : (
        <ActionIcon
          variant="transparent"
          c="white"
          size="sm"
          style={{ cursor: 'grab', touchAction: 'none' }}
          aria-label={t('builder.visual.dragNamed', { name: props.name })}
          data-canvas-drag-handle
          onPointerDown={props.onDragStart}
        >
          <ToolbarIcon glyph="drag" />
        </ActionIcon>
      )}
      <Text size="xs" fw={600} px={4} style={{ whiteSpace: 'nowrap' }}>
        {props.name}
      </Text>
      {props.hasParent ? action(t('builder.visual.parent'), 'parent', props.onParent) : null}
      {props.readOnly ? null : (
        <>
          {action(t('builder.visual.up'), 'up', () => props.onMove('up'))}
          {action(t('builder.visual.down'), 'down', () => props.onMove('down'))}
          {action(t('builder.actions.duplicate'), 'duplicate', props.onDuplicate)}
          {action(t('builder.visual.copy'), 'copy', props.onCopy)}
          {props.onPaste ? action(t('builder.visual.paste'), 'paste', props.onPaste) : null}
          {action(t('builder.actions.delete'), 'delete', props.onDelete)}
        </>
      )}
    </Group>
  );
}
