import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../../api.js';
import { fieldErrors, formProblems } from '../../forms.js';
import { PATTERNS, type Pattern } from '../../patterns/queries.js';
import type { Block } from '../tree.js';

/**
 * The selected block saved as a pattern: a copy to insert elsewhere, or a synced pattern that then
 * stands in its place and is edited in one place for every page showing it.
 */
export function SavePatternDialog(props: {
  block: Block | null;
  name: string;
  onClose: () => void;
  onSaved: (pattern: Pattern, blockId: string) => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [category, setCategory] = useState('sections');
  const [synced, setSynced] = useState(false);
  const [local, setLocal] = useState<ApiError | null>(null);
  const { block } = props;
  useEffect(() => {
    if (!block) return;
    setName(props.name);
    setSynced(false);
    setLocal(null);
  }, [block, props.name]);
  const save = useMutation({
    mutationFn: (input: { block: Block }) =>
      data(
        api.POST('/api/patterns', {
          body: { name: name.trim(), category: category.trim(), synced, blocks: [input.block] } as never,
        }),
      ),
    onSuccess: async (pattern, input) => {
      await client.invalidateQueries({ queryKey: PATTERNS });
      props.onSaved(pattern as Pattern, input.block.id);
    },
  });
  const problem = save.error ? toApiError(save.error) : null;
  const errors = fieldErrors(local ?? problem);
  return (
    <Modal
      opened={block !== null}
      onClose={props.onClose}
      title={t('builder.visual.saveAsPattern')}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems = formProblems(event.currentTarget);
          setLocal(problems);
          if (!problems && block) save.mutate({ block });
        }}
      >
        <Stack>
          <TextInput
            name="name"
            label={t('builder.visual.patternName')}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            data-autofocus
          />
          <TextInput
            name="category"
            label={t('builder.visual.patternCategory')}
            description={t('builder.visual.patternCategoryHelp')}
            required
            pattern="[a-z][a-z0-9\-]{0,39}"
            value={category}
            onChange={(e) => setCategory(e.currentTarget.value)}
            error={errors.category}
          />
          <Checkbox
            label={t('builder.visual.patternSynced')}
            description={t('builder.visual.patternSyncedHelp')}
            checked={synced}
            onChange={(e) => setSynced(e.currentTarget.checked)}
          />
          {problem && !errors.name && !errors.category ? (
            <Text size="sm" c="red.8" role="alert">
              {problem.message}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t('app.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('builder.visual.savePatternButton')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
