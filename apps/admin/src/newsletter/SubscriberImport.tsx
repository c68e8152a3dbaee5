import {
  Alert,
  Button,
  FileInput,
  Group,
  MultiSelect,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, apiUrl, data, toApiError } from '../api.js';
import { postMultipart } from '../media/upload.js';
import { csvHeader, guessColumn } from './csv-header.js';
import { LISTS_QUERY, NEWSLETTER } from './queries.js';

/** How much of a file is read for its column names: a header line is far shorter. */
const HEADER_BYTES = 64 * 1024;

/**
 * A CSV file imported in three steps: choose the file (its columns are read here), say which column
 * holds the address, the name and the language and which lists everyone joins, then follow the
 * server's progress until it says how many were added, merged and refused, each refused line by
 * its number.
 */
export function SubscriberImport({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const lists = useQuery(LISTS_QUERY);
  const [file, setFile] = useState<File | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [mapping, setMapping] = useState<{
    email: string | null;
    name: string | null;
    language: string | null;
  }>({ email: null, name: null, language: null });
  const [chosenLists, setChosenLists] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [sending, setSending] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return;
    let current = true;
    void file
      .slice(0, HEADER_BYTES)
      .text()
      .then((head) => {
        if (!current) return;
        const found = csvHeader(head);
        setColumns(found);
        setMapping({
          email: guessColumn(found, 'email'),
          name: guessColumn(found, 'name'),
          language: guessColumn(found, 'language'),
        });
      });
    return () => {
      current = false;
    };
  }, [file]);

  const progress = useQuery({
    queryKey: [...NEWSLETTER, 'import', uploaded],
    queryFn: () => data(api.GET('/api/newsletter/imports/{id}', { params: { path: { id: uploaded ?? 0 } } })),
    enabled: uploaded !== null,
    refetchInterval: (query) =>
      query.state.data && ['done', 'failed'].includes(query.state.data.status) ? false : 1000,
  });
  const finished = progress.data && ['done', 'failed'].includes(progress.data.status);
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: NEWSLETTER });
  }, [finished, client]);

  const start = async () => {
    if (!file || !mapping.email) return;
    setFailure(null);
    setSending(0);
    const form = new FormData();
    form.append(
      'mapping',
      JSON.stringify({
        email: mapping.email,
        ...(mapping.name ? { name: mapping.name } : {}),
        ...(mapping.language ? { language: mapping.language } : {}),
      }),
    );
    form.append('lists', JSON.stringify(chosenLists.map(Number)));
    form.append('file', file, file.name);
    try {
      const body = (await postMultipart(apiUrl('/api/newsletter/imports'), form, 202, {
        onProgress: setSending,
      })) as { data: { id: number } };
      setUploaded(body.data.id);
    } catch (error) {
      setFailure(toApiError(error).message || t('newsletter.import.networkError'));
    } finally {
      setSending(null);
    }
  };

  const columnChoice = (what: 'email' | 'name' | 'language') => (
    <Select
      label={t(`newsletter.import.${what}Column`)}
      placeholder={what === 'email' ? undefined : t('newsletter.import.none')}
      required={what === 'email'}
      clearable={what !== 'email'}
      value={mapping[what]}
      onChange={(value) => setMapping((before) => ({ ...before, [what]: value }))}
      data={columns}
    />
  );

  const report = progress.data;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-title">
      <Stack gap="sm">
        <Text id="import-title" fw={600}>
          {t('newsletter.import.title')}
        </Text>
        {uploaded === null ? (
          <>
            <Text size="sm" c="dimmed">
              {t('newsletter.import.help')}
            </Text>
            <FileInput
              label={t('newsletter.import.file')}
              accept=".csv,text/csv"
              value={file}
              onChange={setFile}
              clearable
            />
            {file && columns.length === 0 ? (
              <Text size="sm" c="red" role="alert">
                {t('newsletter.import.noColumns')}
              </Text>
            ) : null}
            {columns.length > 0 ? (
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                {columnChoice('email')}
                {columnChoice('name')}
                {columnChoice('language')}
              </SimpleGrid>
            ) : null}
            <MultiSelect
              searchable
              label={t('newsletter.import.lists')}
              description={t('newsletter.import.listsHelp')}
              value={chosenLists}
              onChange={setChosenLists}
              data={(lists.data ?? []).map((list) => ({ value: String(list.id), label: list.name }))}
            />
            {sending !== null ? (
              <Progress value={sending * 100} aria-label={t('newsletter.import.uploading')} />
            ) : null}
            {failure ? (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            ) : null}
            <Group>
              <Button
                onClick={() => void start()}
                disabled={!file || !mapping.email}
                loading={sending !== null}
              >
                {t('newsletter.import.start')}
              </Button>
              <Button variant="default" onClick={onClose}>
                {t('newsletter.cancel')}
              </Button>
            </Group>
          </>
        ) : !report ? (
          <Text size="sm" c="dimmed" role="status">
            {t('newsletter.import.waiting')}
          </Text>
        ) : (
          <>
            <Progress
              value={report.total_bytes > 0 ? (report.read_bytes / report.total_bytes) * 100 : 0}
              aria-label={t('newsletter.import.progress')}
              animated={!finished}
            />
            <Text size="sm" role="status" aria-live="polite">
              {report.status === 'failed'
                ? t('newsletter.import.failed')
                : t(finished ? 'newsletter.import.done' : 'newsletter.import.running', {
                    rows: report.rows_read,
                    created: report.created_count,
                    merged: report.merged_count,
                    invalid: report.invalid_count,
                  })}
            </Text>
            {report.problems.length > 0 ? (
              <Table.ScrollContainer minWidth={400} mah={240} type="native">
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('newsletter.import.line')}</Table.Th>
                      <Table.Th scope="col">{t('newsletter.import.problem')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {report.problems.map((problem) => (
                      <Table.Tr key={problem.line}>
                        <Table.Td>{problem.line}</Table.Td>
                        <Table.Td>{problem.message}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
            <Group>
              <Button variant="default" onClick={onClose}>
                {t('newsletter.close')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
