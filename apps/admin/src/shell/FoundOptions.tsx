import { Combobox, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One thing a search box found: its group's name, its label, a detail beside it. */
export interface Found {
  key: string;
  group: string;
  label: string;
  detail: string;
  /** What choosing it submits to the combobox. */
  value: string;
}

/**
 * A search box's list: what it found grouped under their names (in the order the groups first
 * appear), or loading, or nothing found. The header's search and the builder's link picker share it.
 */
export function FoundOptions(props: {
  found: readonly Found[];
  loading: boolean;
  none: string;
  maxHeight: number;
}) {
  const { t } = useTranslation();
  const { found } = props;
  const groups = [...new Set(found.map((hit) => hit.group))];
  return (
    <Combobox.Options mah={props.maxHeight} style={{ overflowY: 'auto' }}>
      {props.loading && found.length === 0 ? (
        <Combobox.Empty>{t('app.loading')}</Combobox.Empty>
      ) : found.length === 0 ? (
        <Combobox.Empty>{props.none}</Combobox.Empty>
      ) : (
        groups.map((group) => (
          <Combobox.Group key={group} label={group}>
            {found
              .filter((hit) => hit.group === group)
              .map((hit) => (
                <Combobox.Option key={hit.key} value={hit.value}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" truncate>
                      {hit.label}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {hit.detail}
                    </Text>
                  </Group>
                </Combobox.Option>
              ))}
          </Combobox.Group>
        ))
      )}
    </Combobox.Options>
  );
}
