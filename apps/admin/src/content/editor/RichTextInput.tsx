import { Box, Button, Group, Input, Paper, Popover, Stack, TextInput } from '@mantine/core';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaAccess } from '../../media/queries.js';
import { UploadList, useUploads } from '../../media/uploads.js';
import { PasteSizeAlert } from './BodySizeAlert.js';
import { type PasteVerdict, pasteVerdictOf } from './body-size.js';
import { ImageTool } from './RichTextImageTool.js';
import { imageFilesIn, imageOf, MediaImage } from './richtext-image.js';
import { paragraphsOfText } from './richtext-paste.js';
import { isVideoPage, VideoEmbed } from './richtext-video.js';
import { ToolIcon } from './ToolIcon.js';
import { useBodyLimit } from './useBodyLimit.js';

interface RichTextProps {
  label: string;
  description?: string;
  required: boolean;
  error?: string;
  value: string;
  onChange: (html: string) => void;
  /**
   * Images of the media library may go in (toolbar, drop, paste), and videos of YouTube or Vimeo
   * (their address pasted): where the server counts images as media uses and the public site
   * draws them, an entry's richtext fields. Blocks' texts have none.
   */
  images?: boolean;
}

/**
 * A richtext field in Tiptap: what it writes is the HTML the server's sanitizer keeps (paragraphs,
 * headings, emphasis, lists, quotes, code, links, media images); the server sanitizes it again on save.
 *
 * The editor itself starts in the task after the form is first painted. Creating a Tiptap editor is
 * the costliest part of a form: a block with four rich texts (FAQ answers, tab panels) took about a
 * quarter of a builder selection's time for them, and the selection is shown only when its frame is
 * painted. Until then the field shows its text, unformatted, in the same box.
 */
export function RichTextInput(props: RichTextProps) {
  const labelId = useId();
  const painted = useAfterFirstPaint();
  return (
    <Input.Wrapper
      label={props.label}
      labelProps={{ id: labelId }}
      description={props.description}
      required={props.required}
      error={props.error}
    >
      <Paper withBorder mt={4} className="richtext">
        {painted ? <RichTextEditor {...props} labelId={labelId} /> : <RichTextPreview html={props.value} />}
      </Paper>
    </Input.Wrapper>
  );
}

/** False for the first frame a component is in, true from the task after that frame's paint. */
function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A task queued from an animation frame runs once that frame has been painted.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** The field's text while its editor starts: the toolbar's room and the words, not editable. */
function RichTextPreview({ html }: { html: string }) {
  // Parsed, never inserted as HTML: only its text is shown.
  const text = useMemo(
    () => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '',
    [html],
  );
  return (
    <>
      <Box h={34} />
      <div className="richtext-content" aria-hidden="true">
        {text}
      </div>
    </>
  );
}

/** How long typing pauses before the field's HTML is sent to the form. */
const EMIT_AFTER_MS = 250;

function RichTextEditor(props: RichTextProps & { labelId: string }) {
  const { t } = useTranslation();
  const { labelId } = props;
  // The HTML this editor last emitted: a different value from outside (a restored revision) is loaded.
  const emitted = useRef(props.value);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const images = props.images ?? false;
  const editorRef = useRef<Editor | null>(null);
  const access = useMediaAccess();
  // Dropped and pasted image files go up to the library and into the text where the caret is.
  const uploads = useUploads(null, (media) => {
    // An upload may end after the field has gone (the user left the page): the item stays in the library.
    const current = editorRef.current;
    if (current && !current.isDestroyed) current.chain().focus().insertMediaImage(imageOf(media)).run();
  });
  const upload = useRef<((files: File[]) => void) | null>(null);
  upload.current = images && access.upload ? uploads.add : null;
  // Read by the paste handler, which the editor keeps from its first render.
  const bodyLimit = useRef<number | undefined>(undefined);
  bodyLimit.current = useBodyLimit();
  const [pasted, setPasted] = useState<PasteVerdict | null>(null);
  // On a long post, the HTML of the whole text and the form's render with it, on every keystroke,
  // took most of a keystroke's time: the HTML goes out once typing pauses, and at once when the text
  // loses the focus (a click on Save) or on Ctrl/Cmd+S.
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  function emitNow() {
    if (pending.current === null) return;
    clearTimeout(pending.current);
    pending.current = null;
    const current = editorRef.current;
    if (!current || current.isDestroyed) return;
    const html = current.isEmpty ? '' : current.getHTML();
    emitted.current = html;
    onChange.current(html);
  }
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] },
      }),
      ...(images ? [MediaImage, VideoEmbed] : []),
    ],
    content: props.value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: 'richtext-content',
      },
      handleDrop(view, event, _slice, moved) {
        const files = imageFilesIn(event.dataTransfer);
        if (moved || files.length === 0 || !upload.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY });
        if (at) editorRef.current?.commands.setTextSelection(at.pos);
        upload.current(files);
        return true;
      },
      handleDOMEvents: {
        // Before ProseMirror parses the clipboard (which it does before any handlePaste is asked):
        // a text no save could carry is refused without the seconds its parsing would take.
        paste(_view, event) {
          const verdict = pasteVerdictOf(event.clipboardData?.getData('text/plain') ?? '', bodyLimit.current);
          setPasted(verdict);
          if (verdict?.kind !== 'refused') return false;
          event.preventDefault();
          return true;
        },
      },
      clipboardTextParser: paragraphsOfText,
      handleKeyDown(_view, event) {
        // Before the page's own Ctrl/Cmd+S saves: the draft it saves has the last keystrokes.
        if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') emitNow();
        return false;
      },
      handlePaste(_view, event) {
        if (!images) return false;
        // A video page's address pasted alone becomes the video, as WordPress does.
        const text = event.clipboardData?.getData('text/plain').trim() ?? '';
        if (isVideoPage(text)) {
          event.preventDefault();
          editorRef.current?.chain().focus().insertVideoEmbed(text).run();
          return true;
        }
        // A copied picture may come with HTML pointing at its site too: the file is what is kept.
        const files = imageFilesIn(event.clipboardData);
        if (files.length === 0 || !upload.current) return false;
        event.preventDefault();
        upload.current(files);
        return true;
      },
    },
    onUpdate() {
      if (pending.current !== null) clearTimeout(pending.current);
      pending.current = setTimeout(emitNow, EMIT_AFTER_MS);
    },
    onBlur: emitNow,
  });
  editorRef.current = editor;
  // What is typed but not yet sent goes out when the field does (a screen left, a block closed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: emitNow reads only refs
  useEffect(() => emitNow, []);
  useEffect(() => {
    if (props.value !== emitted.current) {
      emitted.current = props.value;
      editor.commands.setContent(props.value, { emitUpdate: false });
    }
  }, [props.value, editor]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      link: e.isActive('link'),
      image: e.isActive('mediaImage'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: { key: Exclude<keyof typeof state, 'image'>; text: string; label: string; run: () => void }[] =
    [
      { key: 'bold', text: 'B', label: t('editor.rich.bold'), run: () => chain().toggleBold().run() },
      { key: 'italic', text: 'I', label: t('editor.rich.italic'), run: () => chain().toggleItalic().run() },
      { key: 'strike', text: 'S', label: t('editor.rich.strike'), run: () => chain().toggleStrike().run() },
      {
        key: 'h2',
        text: 'H2',
        label: t('editor.rich.heading2'),
        run: () => chain().toggleHeading({ level: 2 }).run(),
      },
      {
        key: 'h3',
        text: 'H3',
        label: t('editor.rich.heading3'),
        run: () => chain().toggleHeading({ level: 3 }).run(),
      },
      {
        key: 'bullets',
        text: '•',
        label: t('editor.rich.bullets'),
        run: () => chain().toggleBulletList().run(),
      },
      {
        key: 'numbers',
        text: '#',
        label: t('editor.rich.numbers'),
        run: () => chain().toggleOrderedList().run(),
      },
      { key: 'quote', text: '“', label: t('editor.rich.quote'), run: () => chain().toggleBlockquote().run() },
      { key: 'code', text: '</>', label: t('editor.rich.code'), run: () => chain().toggleCodeBlock().run() },
    ];

  return (
    <>
      <Group gap={4} p={4} role="toolbar" aria-label={t('editor.rich.toolbar', { label: props.label })}>
        {tools.map((tool) => (
          <Button
            key={tool.key}
            size="compact-sm"
            variant={state[tool.key] ? 'filled' : 'subtle'}
            aria-label={tool.label}
            aria-pressed={Boolean(state[tool.key])}
            // A click keeps the focus and selection in the text: the format applies where the caret is.
            onMouseDown={(event) => event.preventDefault()}
            onClick={tool.run}
          >
            {tool.text}
          </Button>
        ))}
        <LinkTool
          active={state.link}
          current={editor.getAttributes('link').href as string | undefined}
          onApply={(href) =>
            href
              ? chain().extendMarkRange('link').setLink({ href }).run()
              : chain().extendMarkRange('link').unsetLink().run()
          }
        />
        {images ? <ImageTool editor={editor} selected={state.image} /> : null}
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={t('editor.rich.undo')}
          disabled={!state.undo}
          onClick={() => chain().undo().run()}
        >
          ↶
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-label={t('editor.rich.redo')}
          disabled={!state.redo}
          onClick={() => chain().redo().run()}
        >
          ↷
        </Button>
      </Group>
      <EditorContent editor={editor} />
      {pasted ? <PasteSizeAlert verdict={pasted} onClose={() => setPasted(null)} /> : null}
      {uploads.uploads.length > 0 ? <UploadList {...uploads} /> : null}
    </>
  );
}

/** The link button: a small form for the address; an empty address removes the link. */
function LinkTool(props: { active: boolean; current?: string | undefined; onApply: (href: string) => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom" withArrow>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant={props.active ? 'filled' : 'subtle'}
          aria-label={t('editor.rich.link')}
          aria-pressed={props.active}
          onClick={() => {
            setHref(props.current ?? '');
            setOpened((open) => !open);
          }}
        >
          <ToolIcon>
            <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
            <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
          </ToolIcon>
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // Portalled out of the entry's form in the page, not in React's tree: not its submit.
            event.stopPropagation();
            props.onApply(href.trim());
            setOpened(false);
          }}
        >
          <Stack gap="xs">
            <TextInput
              label={t('editor.rich.linkAddress')}
              placeholder="https://"
              value={href}
              onChange={(e) => setHref(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs">
                {href.trim() ? t('editor.rich.applyLink') : t('editor.rich.removeLink')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Popover.Dropdown>
    </Popover>
  );
}
