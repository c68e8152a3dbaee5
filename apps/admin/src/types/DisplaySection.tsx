import {
  ActionIcon,
  Autocomplete,
  Group,
  Input,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { labelsOf, useTaxonomies } from '../taxonomies/queries.js';
import type { DisplayDraft, TypeDraft } from './model.js';

/** Properties every entry has, which a list can show besides fields and taxonomies. */
const PROPERTIES = ['title', 'status', 'author', 'created_at', 'updated_at', 'published_at'] as const;
const MAX_COLUMNS = 12;
/** Names the admin's menu knows; any other name can be typed. */
const ICONS = [
  'folder',
  'file',
  'pencil',
  'box',
  'cart',
  'calendar',
  'book',
  'image',
  'map',
  'star',
  'users',
];

/** How a type shows in the admin: the columns of its list, in order, and its place in the menu. */
export function DisplaySection(props: {
  draft: TypeDraft;
  onChange: (display: DisplayDraft) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const { draft, errors } = props;
  const { display } = draft;
  const taxonomies = useTaxonomies().data ?? [];
  const columns = display.list_columns;
  const set = (patch: Partial<DisplayDraft>) => props.onChange({ ...display, ...patch });

  const nameOf = (key: string): string => {
    if ((PROPERTIES as readonly string[]).includes(key)) return t(`contentTypes.column.${key}`);
    const field = draft.fields.find((each) => each.key === key);
    if (field) return t('contentTypes.columnField', { label: field.label || key });
    if (draft.taxonomies.includes(key))
      return t('contentTypes.columnTaxonomy', {
        label: labelsOf(
          t,
          key,
          taxonomies.find((each) => each.slug === key),
        ).plural,
      });
    return t('contentTypes.columnUnknown', { key });
  };
  const available = [
    ...PROPERTIES,
    ...draft.taxonomies,
    ...draft.fields.map((field) => field.key).filter(Boolean),
  ].filter((key, index, all) => !columns.includes(key) && all.indexOf(key) === index);
  const move = (from: number, to: number) => {
    const next = [...columns];
    const [column] = next.splice(from, 1);
    if (column !== undefined) next.splice(to, 0, column);
    set({ list_columns: next });
  };
  const columnsError =
    errors['display.list_columns'] ??
    Object.entries(errors).find(([path]) => path.startsWith('display.list_columns.'))?.[1];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="type-display">
      <Title id="type-display" order={2} size="h4" mb="sm">
        {t('contentTypes.display')}
      </Title>
      <Stack>
        <div>
          <Text id="type-columns-label" size="sm" fw={500}>
            {t('contentTypes.columns')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('contentTypes.columnsHelp')}
          </Text>
          <Stack gap={4} mt="xs" component="ol" aria-labelledby="type-columns-label" style={{ padding: 0 }}>
            {columns.length === 0 ? (
              <Text size="sm" c="dimmed" component="li" style={{ listStyle: 'none' }}>
                {t('contentTypes.noColumns')}
              </Text>
            ) : null}
            {columns.map((column, index) => {
              const name = nameOf(column);
              return (
                <Group
                  key={column}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="xs"
                  style={{ listStyle: 'none' }}
                >
                  <Text size="sm" truncate>
                    {index + 1}. {name}
                  </Text>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="default"
                      aria-label={t('contentTypes.moveUp', { name })}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={t('contentTypes.moveDown', { name })}
                      disabled={index === columns.length - 1}
                      onClick={() => move(index, index + 1)}
                    >
                      ↓
                    </ActionIcon>
                    <ActionIcon
                      variant="default"
                      aria-label={t('contentTypes.remove', { name })}
                      onClick={() => set({ list_columns: columns.filter((each) => each !== column) })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                </Group>
              );
            })}
          </Stack>
          {columnsError ? <Input.Error>{columnsError}</Input.Error> : null}
        </div>
        {columns.length < MAX_COLUMNS && available.length > 0 ? (
          <Select
            label={t('contentTypes.addColumn')}
            data={available.map((key) => ({ value: key, label: nameOf(key) }))}
            value={null}
            onChange={(key) => key && set({ list_columns: [...columns, key] })}
            maw={360}
          />
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Autocomplete
            label={t('contentTypes.icon')}
            description={t('contentTypes.iconHelp')}
            data={ICONS}
            maxLength={40}
            value={display.icon}
            onChange={(icon) => set({ icon })}
            error={errors['display.icon']}
          />
          <NumberInput
            label={t('contentTypes.menuPosition')}
            description={t('contentTypes.menuPositionHelp')}
            min={0}
            max={1000}
            allowDecimal={false}
            allowNegative={false}
            value={display.menu_position}
            onChange={(value) => set({ menu_position: typeof value === 'number' ? value : 0 })}
            error={errors['display.menu_position']}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
