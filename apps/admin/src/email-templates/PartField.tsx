import { Input, Stack } from '@mantine/core';
import { type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeEditor, type CodeEditorHandle } from './CodeEditor.js';
import { type Part, problemLines } from './parts.js';

/** The help under each part's label; the subject needs none. */
const HELP: Partial<Record<Part, string>> = {
  html: 'emailTemplates.htmlHelp',
  text: 'emailTemplates.textHelp',
};

/**
 * One part of the template: its label, its code editor, its help, and what the server refused in it
 * (each message naming its line, that line marked in the editor).
 */
export function PartField({
  part,
  value,
  problems,
  onChange,
  onFocus,
  editorRef,
}: {
  part: Part;
  value: string;
  problems: readonly string[] | undefined;
  onChange: (value: string) => void;
  onFocus: () => void;
  editorRef: Ref<CodeEditorHandle>;
}) {
  const { t } = useTranslation();
  const ids = { label: `mail-${part}-label`, help: `mail-${part}-help`, error: `mail-${part}-error` };
  const help = HELP[part];
  const invalid = (problems?.length ?? 0) > 0;
  // The same messages, the same array: the editor is told again only when they change.
  const lines = useMemo(() => problemLines(problems), [problems]);
  const describedBy = [help ? ids.help : null, invalid ? ids.error : null].filter(Boolean).join(' ');
  return (
    <Stack gap={4}>
      <Input.Label id={ids.label} component="div">
        {t(`emailTemplates.${part}`)}
      </Input.Label>
      {help ? <Input.Description id={ids.help}>{t(help)}</Input.Description> : null}
      <CodeEditor
        ref={editorRef}
        part={part}
        value={value}
        onChange={onChange}
        onFocus={onFocus}
        labelledBy={ids.label}
        describedBy={describedBy}
        invalid={invalid}
        problemLines={lines}
      />
      {invalid ? (
        <Input.Error id={ids.error} component="div" data-part-error={part}>
          {problems?.map((message) => (
            <div key={message}>{message}</div>
          ))}
        </Input.Error>
      ) : null}
    </Stack>
  );
}
