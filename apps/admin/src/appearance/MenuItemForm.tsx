import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import { fieldErrors, formProblems } from '../forms.js';
import { useUnsaved } from './dirty.js';
import { MENU_ITEM_PATTERNS } from './menu-item-rules.js';
import { MENUS, type MenuItem, type SiteMenu } from './queries.js';

type ItemChange = Partial<Pick<MenuItem, 'label' | 'url' | 'rel' | 'css_class'>> & {
  target?: '_self' | '_blank';
};

/** Changes a menu item's label, address (a custom link's), new-tab choice, rel and classes, in a dialog. */
export function MenuItemForm(props: {
  menu: SiteMenu;
  item: MenuItem | null;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.item !== null}
      onClose={props.onClose}
      title={t('appearance.menus.editTitle', { name: props.name })}
      closeButtonProps={{ 'aria-label': t('appearance.close') }}
    >
      {props.item ? <ItemFields key={props.item.id} {...props} item={props.item} /> : null}
    </Modal>
  );
}

function ItemFields(props: { menu: SiteMenu; item: MenuItem; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { item } = props;
  const [label, setLabel] = useState(item.label);
  const [url, setUrl] = useState(item.url ?? '');
  const [blank, setBlank] = useState(item.target === '_blank');
  const [rel, setRel] = useState(item.rel);
  const [cssClass, setCssClass] = useState(item.css_class);
  const [local, setLocal] = useState<ApiError | null>(null);
  const change: ItemChange = {};
  if (label.trim() !== item.label) change.label = label.trim();
  if (item.kind === 'custom' && url.trim() !== (item.url ?? '')) change.url = url.trim();
  if (blank !== (item.target === '_blank')) change.target = blank ? '_blank' : '_self';
  if (rel.trim() !== item.rel) change.rel = rel.trim();
  if (cssClass.trim() !== item.css_class) change.css_class = cssClass.trim();
  useUnsaved(Object.keys(change).length > 0);

  const save = useMutation({
    mutationFn: (body: ItemChange) =>
      data(
        api.PUT('/api/menus/{id}/items/{itemId}', {
          params: { path: { id: props.menu.id, itemId: item.id } },
          body,
        }),
      ),
    onSuccess: (answer) => {
      client.setQueryData<SiteMenu[]>(MENUS, (all) =>
        all?.map((each) => (each.id === answer.id ? answer : each)),
      );
      void client.invalidateQueries({ queryKey: MENUS });
      props.onClose();
    },
  });
  const error = local ?? (save.error ? toApiError(save.error) : null);
  const errors = fieldErrors(error);
  const shown = ['label', 'url', 'rel', 'css_class'];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    if (Object.keys(change).length === 0) props.onClose();
    else save.mutate(change);
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {error && !Object.keys(error.errors).some((field) => shown.includes(field)) ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          name="label"
          label={t('appearance.menus.label')}
          description={item.kind === 'custom' ? undefined : t('appearance.menus.labelHelp')}
          required={item.kind === 'custom'}
          maxLength={200}
          value={label}
          onChange={(event) => setLabel(event.currentTarget.value)}
          error={errors.label}
          data-autofocus
        />
        {item.kind === 'custom' ? (
          <TextInput
            name="url"
            label={t('appearance.menus.url')}
            description={t('appearance.menus.urlHelp')}
            required
            maxLength={2000}
            pattern={MENU_ITEM_PATTERNS.url}
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={errors.url}
          />
        ) : null}
        <Checkbox
          label={t('appearance.menus.newTab')}
          checked={blank}
          onChange={(event) => setBlank(event.currentTarget.checked)}
        />
        <TextInput
          name="rel"
          label={t('appearance.menus.rel')}
          description={t('appearance.menus.relHelp')}
          maxLength={100}
          pattern={MENU_ITEM_PATTERNS.rel}
          value={rel}
          onChange={(event) => setRel(event.currentTarget.value)}
          error={errors.rel}
        />
        <TextInput
          name="css_class"
          label={t('appearance.menus.cssClass')}
          description={t('appearance.menus.cssClassHelp')}
          maxLength={100}
          pattern={MENU_ITEM_PATTERNS.css_class}
          value={cssClass}
          onChange={(event) => setCssClass(event.currentTarget.value)}
          error={errors.css_class}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('appearance.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('appearance.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
