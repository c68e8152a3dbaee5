import { Button, Group, Input, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, data } from '../../api.js';
import { MediaPicker } from '../../media/MediaPicker.js';
import type { Media } from '../../media/model.js';
import { IMAGE_ALIGNMENTS, IMAGE_SIZES, imageOf, type RichTextImage } from './richtext-image.js';
import { ToolIcon } from './ToolIcon.js';

/**
 * The toolbar's image button: with an image selected it opens that image's details; otherwise it
 * opens the media library (where files can be uploaded too), then the details of the chosen image
 * before it goes in.
 */
export function ImageTool(props: { editor: Editor; selected: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [picking, setPicking] = useState(false);
  // The image whose details are open, and whether it is new (inserted on confirm) or the selected one.
  const [details, setDetails] = useState<{ image: RichTextImage; isNew: boolean } | null>(null);
  const { editor } = props;
  return (
    <>
      <Button
        size="compact-sm"
        variant={props.selected ? 'filled' : 'subtle'}
        aria-label={props.selected ? t('editor.rich.imageDetails') : t('editor.rich.image')}
        aria-pressed={props.selected}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          if (props.selected)
            setDetails({ image: editor.getAttributes('mediaImage') as RichTextImage, isNew: false });
          else setPicking(true);
        }}
      >
        <ToolIcon>
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="M21 17l-5-5-9 8" />
        </ToolIcon>
      </Button>
      <MediaPicker
        opened={picking}
        kinds={['image']}
        title={t('editor.rich.pickImage')}
        onClose={() => setPicking(false)}
        onPick={async ([id]) => {
          setPicking(false);
          if (id === undefined) return;
          const media = await client.fetchQuery({
            queryKey: ['media', id],
            queryFn: () => data(api.GET('/api/media/{id}', { params: { path: { id } } })),
          });
          setDetails({ image: imageOf(media as Media), isNew: true });
        }}
      />
      <ImageDetails
        details={details}
        onClose={() => setDetails(null)}
        onApply={(image) => {
          setDetails(null);
          if (details?.isNew) editor.chain().focus().insertMediaImage(image).run();
          else editor.chain().focus().updateMediaImage(image).run();
        }}
      />
    </>
  );
}

/** An image's alt text, caption, alignment and size, in a dialog. */
function ImageDetails(props: {
  details: { image: RichTextImage; isNew: boolean } | null;
  onClose: () => void;
  onApply: (image: RichTextImage) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={props.details !== null} onClose={props.onClose} title={t('editor.rich.imageDetails')}>
      {/* Mounted only while open: each opening starts from the image's own details. */}
      {props.details ? (
        <ImageDetailsForm
          image={props.details.image}
          isNew={props.details.isNew}
          onApply={props.onApply}
          onCancel={props.onClose}
        />
      ) : null}
    </Modal>
  );
}

function ImageDetailsForm(props: {
  image: RichTextImage;
  isNew: boolean;
  onApply: (image: RichTextImage) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [image, setImage] = useState(props.image);
  const alignLabel = useId();
  const sizeLabel = useId();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // The dialog is portalled out of the entry's form in the page, not in React's tree: its
        // submit would reach the entry's form and save it.
        event.stopPropagation();
        props.onApply({ ...image, alt: image.alt.trim(), caption: image.caption.trim() });
      }}
    >
      <Stack>
        {image.src ? (
          <img src={image.src} alt="" style={{ maxWidth: '100%', maxHeight: 180, objectFit: 'contain' }} />
        ) : null}
        <TextInput
          label={t('editor.rich.imageAlt')}
          description={t('editor.rich.imageAltHelp')}
          value={image.alt}
          maxLength={1000}
          onChange={(event) => setImage({ ...image, alt: event.currentTarget.value })}
        />
        <TextInput
          label={t('editor.rich.imageCaption')}
          value={image.caption}
          maxLength={2000}
          onChange={(event) => setImage({ ...image, caption: event.currentTarget.value })}
        />
        <Stack gap={4}>
          <Input.Label id={alignLabel}>{t('editor.rich.imageAlign')}</Input.Label>
          <SegmentedControl
            aria-labelledby={alignLabel}
            value={image.align}
            onChange={(align) => setImage({ ...image, align: align as RichTextImage['align'] })}
            data={IMAGE_ALIGNMENTS.map((align) => ({ value: align, label: t(`editor.rich.align.${align}`) }))}
          />
        </Stack>
        <Stack gap={4}>
          <Input.Label id={sizeLabel}>{t('editor.rich.imageSize')}</Input.Label>
          <SegmentedControl
            aria-labelledby={sizeLabel}
            value={image.size}
            onChange={(size) => setImage({ ...image, size: size as RichTextImage['size'] })}
            data={IMAGE_SIZES.map((size) => ({ value: size, label: t(`editor.rich.size.${size}`) }))}
          />
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('editor.rich.cancel')}
          </Button>
          <Button type="submit">
            {props.isNew ? t('editor.rich.insertImage') : t('editor.rich.applyImage')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
