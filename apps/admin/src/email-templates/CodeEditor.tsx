import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import {
  Annotation,
  Compartment,
  EditorState,
  type Extension,
  StateEffect,
  StateField,
} from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  keymap,
  lineNumbers,
  MatchDecorator,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import type { Part } from './parts.js';

/** What the screen does to an editor from outside: a variable inserted where the cursor is. */
export interface CodeEditorHandle {
  insert(text: string): void;
}

interface CodeEditorProps {
  part: Part;
  value: string;
  onChange: (value: string) => void;
  /** Called when the editor takes the focus: variables go to the part last worked in. */
  onFocus: () => void;
  /** The id of the label that names it, and of the help and errors that describe it. */
  labelledBy: string;
  describedBy: string;
  invalid: boolean;
  /** The lines the server's refusal names, marked (1-based). */
  problemLines: readonly number[];
  ref?: Ref<CodeEditorHandle>;
}

/**
 * A CodeMirror 6 editor for one part of a mail's template: the subject on one line, the HTML part
 * highlighted as HTML, the text part as it is; Liquid's `{{ }}` and `{% %}` stand out in all three.
 * Tab is left to move the focus on (no indent on Tab), so the keyboard never gets stuck in it.
 */
export function CodeEditor(props: CodeEditorProps) {
  const { part, value, labelledBy, describedBy, invalid, problemLines, ref } = props;
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const attributes = useRef(new Compartment());
  // The view is made once; the latest callbacks are read through these.
  const onChange = useRef(props.onChange);
  const onFocus = useRef(props.onFocus);
  onChange.current = props.onChange;
  onFocus.current = props.onFocus;

  // biome-ignore lint/correctness/useExhaustiveDependencies: made once per part; later values arrive through the effects below
  useEffect(() => {
    const editor = new EditorView({
      parent: host.current as HTMLDivElement,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...(part === 'subject' ? ONE_LINE_KEYS : []), ...defaultKeymap, ...historyKeymap]),
          part === 'subject' ? oneLine : [lineNumbers(), EditorView.lineWrapping, SIZES[part]],
          part === 'html' ? [html(), syntaxHighlighting(defaultHighlightStyle)] : [],
          liquidMarks,
          problemLineField,
          attributes.current.of(contentAttributes(part, labelledBy, describedBy, invalid)),
          EditorView.updateListener.of((update: ViewUpdate) => {
            // What the screen set itself is not an edit: only typing is told back.
            const typed = update.transactions.some(
              (transaction) => transaction.docChanged && !transaction.annotation(setFromOutside),
            );
            if (typed) onChange.current(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({ focus: () => onFocus.current() }),
          theme,
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [part]);

  // A value set from outside (a reset, the saved template) replaces the text; typing comes back equal.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({
      changes: { from: 0, to: editor.state.doc.length, insert: value },
      annotations: setFromOutside.of(true),
    });
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: attributes.current.reconfigure(contentAttributes(part, labelledBy, describedBy, invalid)),
    });
  }, [part, labelledBy, describedBy, invalid]);

  useEffect(() => {
    view.current?.dispatch({ effects: setProblemLines.of(problemLines) });
  }, [problemLines]);

  useImperativeHandle(ref, () => ({
    insert(text: string) {
      const editor = view.current;
      if (!editor) return;
      editor.dispatch(editor.state.replaceSelection(text), { scrollIntoView: true });
      editor.focus();
    },
  }));

  return <div ref={host} data-part={part} data-invalid={invalid || undefined} className="mail-code-editor" />;
}

/** Marks the text the screen sets (a reset), which is not told back as an edit. */
const setFromOutside = Annotation.define<boolean>();

function contentAttributes(part: Part, labelledBy: string, describedBy: string, invalid: boolean): Extension {
  return EditorView.contentAttributes.of({
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    'aria-invalid': String(invalid),
    'aria-multiline': String(part !== 'subject'),
  });
}

/** The parts on several lines grow with their text, then scroll: the HTML has the most room. */
const SIZES: Record<Exclude<Part, 'subject'>, Extension> = {
  html: EditorView.theme({ '&': { maxHeight: '32em' }, '.cm-content, .cm-gutter': { minHeight: '16em' } }),
  text: EditorView.theme({ '&': { maxHeight: '24em' }, '.cm-content, .cm-gutter': { minHeight: '10em' } }),
};

/** The subject is one line: Enter does nothing, and line breaks pasted in become spaces. */
const ONE_LINE_KEYS = [{ key: 'Enter', run: () => true }];
const oneLine = EditorState.transactionFilter.of((transaction) => {
  if (!transaction.docChanged || transaction.newDoc.lines === 1) return transaction;
  const flat = transaction.newDoc.toString().replace(/\s*[\r\n]+\s*/g, ' ');
  return [
    transaction,
    { changes: { from: 0, to: transaction.newDoc.length, insert: flat }, sequential: true },
  ];
});

/** Liquid's output and tags, marked so they stand out from the text around them. */
const liquidMatcher = new MatchDecorator({
  regexp: /\{\{[^}]*\}\}|\{%[^%]*%\}/g,
  decoration: Decoration.mark({ class: 'cm-liquid' }),
});
const liquidMarks = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = liquidMatcher.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = liquidMatcher.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** The lines a refusal names, given from outside; kept in place as the text around them changes. */
const setProblemLines = StateEffect.define<readonly number[]>();
const problemLine = Decoration.line({ class: 'cm-problem-line' });
const problemLineField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, transaction) {
    let next = marks.map(transaction.changes);
    for (const effect of transaction.effects) {
      if (!effect.is(setProblemLines)) continue;
      const { doc } = transaction.state;
      next = Decoration.set(
        effect.value
          .filter((line) => line >= 1 && line <= doc.lines)
          .map((line) => problemLine.range(doc.line(line).from)),
      );
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

// The admin's colours (Mantine's variables), in the light and the dark scheme alike.
const theme = EditorView.theme({
  '&': {
    border: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-default)',
    backgroundColor: 'var(--mantine-color-body)',
    color: 'var(--mantine-color-text)',
    fontSize: 'var(--mantine-font-size-sm)',
  },
  '[data-invalid] &': { borderColor: 'var(--mantine-color-error)' },
  '&.cm-focused': {
    outline: '2px solid var(--mantine-primary-color-filled)',
    outlineOffset: '1px',
  },
  '.cm-scroller': {
    fontFamily: 'var(--mantine-font-family-monospace)',
    lineHeight: '1.5',
    overflow: 'auto',
  },
  '.cm-content': { caretColor: 'var(--mantine-color-text)', padding: '6px 0' },
  '.cm-line': { padding: '0 10px' },
  '.cm-gutters': {
    backgroundColor: 'var(--mantine-color-default-hover)',
    color: 'var(--mantine-color-dimmed)',
    borderRight: '1px solid var(--mantine-color-default-border)',
    borderRadius: 'var(--mantine-radius-default) 0 0 var(--mantine-radius-default)',
  },
  '.cm-liquid': {
    color: 'light-dark(var(--mantine-color-violet-9), var(--mantine-color-violet-3))',
    fontWeight: '600',
  },
  '.cm-problem-line': {
    backgroundColor: 'light-dark(var(--mantine-color-red-0), rgba(250, 82, 82, 0.15))',
    boxShadow: 'inset 3px 0 0 var(--mantine-color-error)',
  },
});
