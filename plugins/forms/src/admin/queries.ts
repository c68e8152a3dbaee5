import type { AdminContext, AdminQuery } from '@tessera/plugin/admin';
import type { Form, SiteInfo, Submission, SubmissionPage } from './records.js';
import type { SubmissionFilters } from './submission-filters.js';
import { filterQuery } from './submission-filters.js';

/** Everything the plugin's screens keep in the admin's query cache starts with this. */
export const FORMS = 'forms-plugin';

export const formsKey = [FORMS, 'forms'] as const;
export const formKey = (id: number) => [FORMS, 'form', id] as const;
export const submissionsKey = (formId: number) => [FORMS, 'submissions', formId] as const;
export const submissionKey = (id: number) => [FORMS, 'submission', id] as const;

export const formsQuery = (admin: AdminContext) => ({
  queryKey: formsKey,
  queryFn: () => admin.api.get<Form[]>('/forms'),
});

export const formQuery = (admin: AdminContext, id: number) => ({
  queryKey: formKey(id),
  queryFn: () => admin.api.get<Form>(`/forms/${id}`),
});

/** The site's languages and time zone change rarely: not asked again on every screen. */
export const siteQuery = (admin: AdminContext) => ({
  queryKey: [FORMS, 'site'] as const,
  queryFn: () => admin.core.get<SiteInfo>('/api/site'),
  staleTime: 5 * 60_000,
});

export const submissionsQuery = (admin: AdminContext, formId: number, filters: SubmissionFilters) => ({
  queryKey: [...submissionsKey(formId), filters] as const,
  queryFn: () =>
    admin.api.get<SubmissionPage>(`/forms/${formId}/submissions`, filterQuery(filters) as AdminQuery),
});

export const submissionQuery = (admin: AdminContext, id: number) => ({
  queryKey: submissionKey(id),
  queryFn: () => admin.api.get<Submission>(`/submissions/${id}`),
});

/** An uploaded file, as a download: served only to those who may read submissions. */
export const fileHref = (id: number) => `/api/forms/files/${id}`;

/** Where a form's builder and its submissions are, in the admin's router (relative to /admin). */
export const builderPath = (id: number) => `/plugins/forms/forms/${id}`;
export const submissionsPath = (id: number) => `/plugins/forms/submissions/${id}`;
export const formsPath = '/plugins/forms/forms';
