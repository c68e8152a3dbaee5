import { Alert, Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data, toApiError } from '../api.js';
import type { BuilderLabels } from '../builder/labels.js';
import { PropsForm } from '../builder/PropsForm.js';
import type { Catalog } from '../builder/queries.js';
import { type Breakpoint, defaultsOf } from '../builder/schema.js';
import { newBlockId } from '../builder/tree.js';
import { useContentTypes } from '../content/types.js';
import { fieldErrors, formProblems } from '../forms.js';
import { useSite } from '../site.js';
import { useUnsaved } from './dirty.js';
import { WIDGETS, type Widget } from './queries.js';
import type { Zone } from './WidgetsPanel.js';
import { blockOf, SHOW_ON, type ShowOn, widgetErrors } from './widget-blocks.js';

interface Editing {
  zone: string;
  widget: Widget | null;
}

/** Adds a widget to a zone (a block of the kind chosen) or changes one: its settings, where it shows, its zone. */
export function WidgetForm(props: {
  editing: Editing | null;
  zones: Zone[];
  catalog: Catalog;
  labels: BuilderLabels;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const { editing } = props;
  const zone = props.zones.find((each) => each.name === editing?.zone);
  return (
    <Modal
      opened={editing !== null}
      onClose={props.onClose}
      title={
        editing?.widget
          ? t('appearance.widgets.editTitle', {
              name: props.labels.block(blockOf(editing.widget).type),
            })
          : t('appearance.widgets.addTitle', { zone: zone?.label ?? editing?.zone ?? '' })
      }
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('appearance.close') }}
    >
      {editing ? (
        <WidgetFields key={editing.widget?.id ?? `new-${editing.zone}`} {...props} editing={editing} />
      ) : null}
    </Modal>
  );
}

function WidgetFields(props: {
  editing: Editing;
  zones: Zone[];
  catalog: Catalog;
  labels: BuilderLabels;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const { widget } = props.editing;
  const block = widget ? blockOf(widget) : null;
  const [type, setType] = useState<string | null>(block?.type ?? null);
  const [values, setValues] = useState<Record<string, unknown>>(block?.props ?? {});
  const [touched, setTouched] = useState(false);
  const [breakpoint, setBreakpoint] = useState<Breakpoint>('desktop');
  const [zone, setZone] = useState(props.editing.zone);
  const [showOn, setShowOn] = useState<ShowOn>((widget?.visibility.show_on as ShowOn) ?? 'everywhere');
  const [types, setTypes] = useState<string[]>(widget?.visibility.types ?? []);
  const [locales, setLocales] = useState<string[]>(widget?.visibility.locales ?? []);
  const [local, setLocal] = useState<ApiError | null>(null);
  const contentTypes = useContentTypes().data ?? [];
  const siteLocales = useSite().data?.locales ?? [];
  const blockType = type ? props.catalog.byType.get(type) : undefined;
  // Containers take child blocks, which only the page builder arranges: a widget is one block.
  const kinds = props.catalog.types.filter((each) => each.children === 'none');
  useUnsaved(touched);

  const save = useMutation({
    mutationFn: () => {
      const visibility = { show_on: showOn, types: showOn === 'entries' ? types : [], locales };
      if (widget && block)
        return data(
          api.PUT('/api/widgets/{id}', {
            params: { path: { id: widget.id } },
            body: {
              block: { ...block, props: values },
              visibility,
              ...(zone !== widget.zone ? { zone } : {}),
            },
          }),
        );
      return data(
        api.POST('/api/widgets', {
          body: { zone, block: { id: newBlockId(), type: type ?? '', props: values }, visibility },
        }),
      );
    },
    onSuccess: () => {
      setTouched(false);
      void client.invalidateQueries({ queryKey: WIDGETS });
      props.onClose();
    },
  });
  const error = local ?? (save.error ? toApiError(save.error) : null);
  const sorted = widgetErrors(fieldErrors(error));
  const unplaced = error && Object.keys(error.errors).length === 0 ? [error.message] : [];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problems = formProblems(event.currentTarget);
    setLocal(problems);
    if (problems) return;
    save.mutate();
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {unplaced.length > 0 ? (
          <Alert color="red" role="alert">
            {unplaced.join(' ')}
          </Alert>
        ) : null}
        {widget ? null : (
          <Select
            label={t('appearance.widgets.kind')}
            required
            searchable
            data={kinds.map((each) => ({
              value: each.type,
              label: props.labels.block(each.type, each),
            }))}
            value={type}
            onChange={(next) => {
              setType(next);
              const chosen = next ? props.catalog.byType.get(next) : undefined;
              setValues(chosen ? defaultsOf(chosen.props, true) : {});
              setTouched(next !== null);
              save.reset();
            }}
            error={sorted.block.length > 0 && !blockType ? sorted.block.join(' ') : undefined}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        )}
        {blockType ? (
          <PropsForm
            blockType={blockType}
            value={values}
            onChange={(next) => {
              setValues(next);
              setTouched(true);
            }}
            errors={sorted.props}
            problems={sorted.block}
            breakpoint={breakpoint}
            onBreakpoint={setBreakpoint}
            labels={props.labels}
            names="block.props."
          />
        ) : null}
        {blockType ? (
          <>
            {widget && props.zones.length > 1 ? (
              <Select
                label={t('appearance.widgets.zone')}
                data={props.zones.map((each) => ({ value: each.name, label: each.label }))}
                value={zone}
                onChange={(next) => {
                  if (next) setZone(next);
                  setTouched(true);
                }}
                allowDeselect={false}
                error={sorted.fields.zone}
                comboboxProps={{ withinPortal: true }}
              />
            ) : sorted.fields.zone ? (
              <Alert color="red" role="alert">
                {sorted.fields.zone}
              </Alert>
            ) : null}
            <Select
              label={t('appearance.widgets.showOnLabel')}
              data={SHOW_ON.map((value) => ({ value, label: t(`appearance.widgets.showOn.${value}`) }))}
              value={showOn}
              onChange={(next) => {
                setShowOn((next as ShowOn) ?? 'everywhere');
                setTouched(true);
              }}
              allowDeselect={false}
              error={sorted.fields['visibility.show_on']}
              comboboxProps={{ withinPortal: true }}
            />
            {showOn === 'entries' ? (
              <MultiSelect
                label={t('appearance.widgets.types')}
                description={t('appearance.widgets.typesHelp')}
                data={contentTypes.map((each) => ({ value: each.slug, label: each.plural_label }))}
                value={types}
                onChange={(next) => {
                  setTypes(next);
                  setTouched(true);
                }}
                error={sorted.fields['visibility.types']}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
            {siteLocales.length > 1 || locales.length > 0 ? (
              <MultiSelect
                label={t('appearance.widgets.locales')}
                description={t('appearance.widgets.localesHelp')}
                data={[...new Set([...siteLocales, ...locales])]}
                value={locales}
                onChange={(next) => {
                  setLocales(next);
                  setTouched(true);
                }}
                error={sorted.fields['visibility.locales']}
                comboboxProps={{ withinPortal: true }}
              />
            ) : null}
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('appearance.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!blockType}>
            {widget ? t('appearance.save') : t('appearance.widgets.addButton')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
