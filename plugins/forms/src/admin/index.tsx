/**
 * The forms plugin's additions to the admin, loaded at run time on the sites where the plugin is
 * active, in English and French: Forms (the list, New form, Delete, and each form's builder) for
 * users holding forms.manage, and Form submissions (each form's submissions, read, marked, deleted
 * and exported) for users holding forms.submissions. Bundled by scripts/build.mjs into
 * dist/admin/index.js; React, Mantine, TanStack Query and React Router are the admin's own.
 *
 * A screen takes one permission, and either of the two lets a user see the list of forms (its
 * route allows both): so each has a screen of its own, at its own address and navigation entry,
 * and the list shows everyone the links of what they may do (the builder, the submissions, both).
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { type AdminContext, type AdminScreenProps, defineAdmin } from '@tessera/plugin/admin';
import { Link, Navigate, useLocation } from 'react-router';
import { FormBuilder } from './Builder.js';
import { formsList } from './FormsList.js';
import { FormsIcon, SubmissionsIcon } from './icons.js';
import { formsPath, submissionsPath } from './queries.js';
import { SubmissionsScreen } from './Submissions.js';
import { en, fr } from './words.js';

/** An address under a screen that names nothing. */
function NotFound({ admin, back }: { admin: AdminContext; back: string }) {
  const { t } = admin.useTranslation();
  return (
    <Stack align="flex-start">
      <Text>{t('common.notFound')}</Text>
      <Anchor component={Link} to={back}>
        {t('builder.allForms')}
      </Anchor>
    </Stack>
  );
}

/**
 * forms/:id/submissions (an address a notification may hold) is the submissions' own screen, the
 * submission to open (`?open=`) kept. Only users holding forms.manage get here: the submissions'
 * address works for everyone who may read them.
 */
function ToSubmissions({ id }: { id: number }) {
  const { search } = useLocation();
  return <Navigate to={`${submissionsPath(id)}${search}`} replace />;
}

/** Forms: '' the list, ':id' its builder; ':id/submissions' is the submissions' own screen. */
function formsScreen(admin: AdminContext) {
  const List = formsList(admin, 'manage');
  return function Forms({ subpath }: AdminScreenProps) {
    if (subpath === '') return <List />;
    const [, id, rest] = /^(\d+)(\/submissions)?$/.exec(subpath) ?? [];
    if (!id) return <NotFound admin={admin} back={formsPath} />;
    if (rest) return <ToSubmissions id={Number(id)} />;
    return <FormBuilder key={id} admin={admin} id={Number(id)} />;
  };
}

/** Form submissions: '' the forms to choose from, ':id' the submissions of one. */
function submissionsScreen(admin: AdminContext) {
  const List = formsList(admin, 'read');
  return function Submissions({ subpath }: AdminScreenProps) {
    if (subpath === '') return <List />;
    const [, id] = /^(\d+)$/.exec(subpath) ?? [];
    if (!id) return <NotFound admin={admin} back="/plugins/forms/submissions" />;
    return <SubmissionsScreen key={id} admin={admin} formId={Number(id)} />;
  };
}

export default defineAdmin((admin) => {
  admin.translations({ en, fr });
  admin.screen({
    path: 'forms',
    title: 'screens.forms',
    permission: 'forms.manage',
    nav: { group: 'content', icon: FormsIcon },
    component: formsScreen(admin),
  });
  admin.screen({
    path: 'submissions',
    title: 'screens.submissions',
    permission: 'forms.submissions',
    nav: { group: 'content', icon: SubmissionsIcon },
    component: submissionsScreen(admin),
  });
});
