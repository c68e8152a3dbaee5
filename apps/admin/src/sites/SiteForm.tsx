import { Alert, Button, Fieldset, Group, Modal, Stack, TagsInput, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../api.js';
import { fieldErrors, formProblems, withProblem } from '../forms.js';
import { type Branding, BrandingFields, brandingChanges, emptyBranding } from '../settings/BrandingFields.js';
import { useSite } from '../site.js';

// A language code as sites/install-rules.ts isLocaleCode takes it (en, pt-BR).
const LOCALE_PATTERN = '[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*';

export interface SiteFields {
  id?: number;
  name: string;
  domain: string;
  aliases: string[];
  locales: string[];
  default_locale: string;
  branding: Branding;
}

/**
 * A site's name, domains, languages and branding (white-label): a new site (with its default roles
 * and theme) or an existing one's. The server checks each domain is free across sites and names the
 * taken ones.
 */
export function SiteForm(props: { site: SiteFields | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const editing = props.site?.id !== undefined;
  const here = useSite().data?.id;
  const [fields, setFields] = useState<SiteFields>(
    props.site ?? {
      name: '',
      domain: '',
      aliases: [],
      locales: ['en'],
      default_locale: 'en',
      branding: emptyBranding,
    },
  );
  // Only what changed: the server merges branding, so an untouched field is left as it is.
  const branding = brandingChanges(props.site?.branding ?? emptyBranding, fields.branding);
  const [local, setLocal] = useState<ApiError | null>(null);
  const save = useMutation({
    mutationFn: () => {
      const body = {
        name: fields.name.trim(),
        domain: fields.domain.trim().toLowerCase(),
        aliases: fields.aliases,
        locales: fields.locales,
        default_locale: fields.default_locale,
        ...(Object.keys(branding).length > 0 ? { branding } : {}),
      };
      return props.site?.id !== undefined
        ? data(api.PUT('/api/sites/{id}', { params: { path: { id: props.site.id } }, body }))
        : data(api.POST('/api/sites', { body }));
    },
    onSuccess: (saved) => {
      void client.invalidateQueries({ queryKey: ['sites'] });
      void client.invalidateQueries({ queryKey: ['my-sites'] });
      // This very admin's site: its name and look change at once.
      if (saved.id === here) void client.invalidateQueries({ queryKey: ['site'] });
      props.onClose();
    },
  });
  const error = local ?? (save.error as ApiError | null);
  const errors = fieldErrors(error);
  const byPrefix = (prefix: string) =>
    Object.entries(errors)
      .filter(([key]) => key === prefix || key.startsWith(`${prefix}.`))
      .map(([, message]) => message)
      .join(' ');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={editing ? t('sites.edit', { name: props.site?.name }) : t('sites.new')}
      size="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const problems = formProblems(event.currentTarget);
          // The languages are tags, not an input the browser checks.
          const found =
            fields.locales.length === 0
              ? withProblem(problems, 'locales', t('server.minItems', { limit: 1 }))
              : problems;
          setLocal(found);
          if (!found) save.mutate();
        }}
      >
        <Stack>
          {error && Object.keys(errors).length === 0 ? (
            <Alert color="red" role="alert">
              {error.message}
            </Alert>
          ) : null}
          <TextInput
            name="name"
            label={t('sites.name')}
            required
            maxLength={200}
            value={fields.name}
            error={errors.name}
            onChange={(e) => setFields({ ...fields, name: e.currentTarget.value })}
          />
          <TextInput
            name="domain"
            label={t('sites.domain')}
            description={t('sites.domainHelp')}
            required
            value={fields.domain}
            error={errors.domain}
            onChange={(e) => setFields({ ...fields, domain: e.currentTarget.value })}
          />
          <TagsInput
            label={t('sites.aliases')}
            description={t('sites.aliasesHelp')}
            value={fields.aliases}
            error={byPrefix('aliases') || undefined}
            onChange={(aliases) => setFields({ ...fields, aliases })}
          />
          <TagsInput
            label={t('sites.locales')}
            description={t('sites.localesHelp')}
            value={fields.locales}
            error={byPrefix('locales') || undefined}
            onChange={(locales) => setFields({ ...fields, locales })}
          />
          <TextInput
            name="default_locale"
            label={t('sites.defaultLocale')}
            required
            maxLength={35}
            pattern={LOCALE_PATTERN}
            value={fields.default_locale}
            error={errors.default_locale}
            onChange={(e) => setFields({ ...fields, default_locale: e.currentTarget.value.trim() })}
          />
          <Fieldset legend={t('sites.branding')}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {t('settings.branding.about')}
              </Text>
              <BrandingFields
                draft={fields.branding}
                errors={errors}
                library={editing && props.site?.id === here}
                onChange={(key, value) =>
                  setFields((current) => ({ ...current, branding: { ...current.branding, [key]: value } }))
                }
              />
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {editing ? t('sites.save') : t('sites.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
