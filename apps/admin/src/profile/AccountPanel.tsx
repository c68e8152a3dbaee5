import { Button, Card, Group, PasswordInput, Select, Stack, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiError, api, data } from '../api.js';
import { fieldErrors, formProblems, withProblem } from '../forms.js';
import { BROWSER_LANGUAGE, LANGUAGES } from '../i18n/index.js';
import { ME, useSession } from '../session.js';
import { FormOutcome } from '../shell/FormOutcome.js';
import { LeaveGuard } from '../shell/LeaveGuard.js';

interface AccountChanges {
  display_name?: string;
  email?: string;
  locale?: string;
  current_password?: string;
}

/**
 * The user's own name, email address and interface language (PUT /api/me). A new address needs
 * the current password, as the server asks; a new language is the interface's at once (the
 * session follows the profile) and on every later visit.
 */
export function AccountPanel() {
  const { t } = useTranslation();
  const user = useSession();
  const client = useQueryClient();
  const [name, setName] = useState(user.display_name);
  const [email, setEmail] = useState(user.email);
  const [locale, setLocale] = useState(user.locale);
  const [currentPassword, setCurrentPassword] = useState('');
  const [local, setLocal] = useState<ApiError | null>(null);
  // As the server compares addresses: another spelling of one's own needs no password.
  const emailMoves = email.trim().toLowerCase() !== user.email.toLowerCase();
  const changes: AccountChanges = {
    ...(name.trim() !== user.display_name ? { display_name: name.trim() } : {}),
    ...(email.trim() !== user.email ? { email: email.trim() } : {}),
    ...(locale !== user.locale ? { locale } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  const save = useMutation({
    mutationFn: (body: AccountChanges) => data(api.PUT('/api/me', { body })),
    onSuccess: (next) => {
      // The session's user: the header, the greeting and the interface's language follow.
      client.setQueryData(ME, next);
      setName(next.display_name);
      setEmail(next.email);
      setLocale(next.locale);
      setCurrentPassword('');
    },
  });
  const error = local ?? (save.error as ApiError | null);
  const errors = fieldErrors(error);
  const languages = [
    { value: BROWSER_LANGUAGE, label: t('profile.browserLanguage') },
    ...LANGUAGES.map((language) => ({ value: language, label: t(`profile.languageNames.${language}`) })),
  ];
  // A language set through the API that the admin does not speak is still shown as it is.
  if (!languages.some((option) => option.value === locale)) languages.push({ value: locale, label: locale });

  return (
    <Card withBorder radius="md" component="section" aria-labelledby="details-title">
      <Title id="details-title" order={2} size="h4" mb="xs">
        {t('profile.details')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          let problems = formProblems(event.currentTarget);
          if (!problems?.errors.display_name && name.trim() === '')
            problems = withProblem(problems, 'display_name', t('profile.blank'));
          setLocal(problems);
          save.reset();
          if (problems || !dirty) return;
          save.mutate({ ...changes, ...(emailMoves ? { current_password: currentPassword } : {}) });
        }}
      >
        <LeaveGuard dirty={dirty && !save.isPending} />
        <Stack maw={560}>
          <FormOutcome saved={save.isSuccess && !dirty ? t('profile.detailsSaved') : null} error={error} />
          <TextInput
            name="display_name"
            label={t('profile.displayName')}
            description={t('profile.displayNameHelp')}
            autoComplete="name"
            required
            maxLength={200}
            value={name}
            error={errors.display_name}
            onChange={(event) => setName(event.currentTarget.value)}
          />
          <TextInput
            name="email"
            type="email"
            label={t('profile.email')}
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            error={errors.email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          {emailMoves ? (
            <PasswordInput
              name="current_password"
              label={t('profile.currentPasswordForEmail')}
              description={t('profile.currentPasswordForEmailHelp')}
              autoComplete="current-password"
              required
              maxLength={1024}
              value={currentPassword}
              error={errors.current_password}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
            />
          ) : null}
          <Select
            name="locale"
            label={t('profile.language')}
            description={t('profile.languageHelp')}
            data={languages}
            value={locale}
            allowDeselect={false}
            error={errors.locale}
            onChange={(value) => setLocale(value ?? locale)}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('profile.saveDetails')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
