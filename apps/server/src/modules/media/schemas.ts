import { Type } from '@sinclair/typebox';
import { PageQuery } from '../../core/http/envelope.js';
import { Id, Nullable } from '../../core/http/input-schemas.js';

export const MediaParams = Type.Object({ id: Id() }, { additionalProperties: false });
export const FolderParams = MediaParams;

const Group = Type.Union(
  [
    Type.Literal('image'),
    Type.Literal('video'),
    Type.Literal('audio'),
    Type.Literal('document'),
    Type.Literal('archive'),
  ],
  { description: 'image, video, audio, document or archive' },
);

const Url = Type.String({ maxLength: 2000, pattern: '^https?://' });

export const CreditSchema = Type.Object(
  {
    photographer: Type.String({ minLength: 1, maxLength: 200 }),
    profile_url: Nullable(Url),
    source_url: Nullable(Url, 'The page of the photo at its source'),
    provider: Nullable(Type.String({ maxLength: 60, description: 'unsplash, pexels...' })),
    license: Nullable(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

const FocalPoint = Type.Object(
  {
    x: Type.Number({ minimum: 0, maximum: 1, description: 'From the left edge, 0 to 1' }),
    y: Type.Number({ minimum: 0, maximum: 1, description: 'From the top edge, 0 to 1' }),
  },
  { additionalProperties: false, description: 'Where the thumbnail crop is centred (0.5, 0.5: the middle)' },
);

const Variant = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer({ description: 'Bytes' }),
  mime_type: Type.String(),
});

export const MediaSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String({
    description: 'The main file: the full WebP for images. Root-relative unless MEDIA_URL is set',
  }),
  file_name: Type.String({
    description: 'The stored name: a safe slug, a unique suffix, the real extension',
  }),
  original_name: Type.String(),
  title: Type.String(),
  alt_text: Type.String(),
  caption: Type.String(),
  credit: Nullable(CreditSchema),
  mime_type: Type.String({ description: 'Of the stored main file (image/webp for converted images)' }),
  type_group: Type.String(),
  size: Type.Integer({ description: 'Bytes of the main file' }),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  hash: Type.String({ description: 'SHA-256 of the bytes as uploaded' }),
  duplicate_of: Nullable(Type.Integer(), 'The earlier item with the same bytes, when this repeats it'),
  focal_point: FocalPoint,
  folder_id: Nullable(Type.Integer()),
  uploaded_by: Nullable(Type.Integer()),
  variants: Type.Object(
    {
      thumbnail: Type.Optional(Variant),
      medium: Type.Optional(Variant),
      large: Type.Optional(Variant),
      full: Type.Optional(Variant),
    },
    {
      description:
        'For raster images: thumbnail (150 px square), medium (fits 768 px), large (fits 1600 px), full',
    },
  ),
  created_at: Type.String(),
  updated_at: Type.String(),
});

const Day = Type.String({ format: 'date-time', description: 'ISO 8601' });

export const MediaListQuery = Type.Object(
  {
    ...PageQuery(),
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Words in the name, title or alt text' }),
    ),
    type: Type.Optional(Group),
    mime: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-z0-9.+-]+/[a-z0-9.+-]+$' })),
    from: Type.Optional(Day),
    to: Type.Optional(Day),
    folder_id: Type.Optional(
      Type.Union([Id(), Type.Literal('none')], {
        description: 'A folder, or none for media outside every folder',
      }),
    ),
    include_subfolders: Type.Optional(Type.Boolean({ description: 'With folder_id: its subfolders too' })),
    uploaded_by: Type.Optional(Id()),
    orphaned: Type.Optional(
      Type.Boolean({ description: 'true: only media used nowhere; false: only used media' }),
    ),
  },
  { additionalProperties: false },
);

export const MediaUpdateBody = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 255 })),
    alt_text: Type.Optional(Type.String({ maxLength: 1000 })),
    caption: Type.Optional(Type.String({ maxLength: 2000 })),
    credit: Type.Optional(Nullable(CreditSchema)),
    focal_point: Type.Optional(FocalPoint),
    folder_id: Type.Optional(Nullable(Id(), 'null: out of every folder')),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const DeleteQuery = Type.Object(
  { force: Type.Boolean({ default: false, description: 'Delete even while it is used' }) },
  { additionalProperties: false },
);

export const UsageSchema = Type.Object({
  owner: Type.Object({
    type: Type.String({ description: 'entry, menu, or a plugin record type' }),
    id: Type.Integer(),
    label: Nullable(Type.String()),
    kind: Type.Optional(Type.String({ description: "For entries: the content type's slug" })),
    status: Type.Optional(Type.String()),
  }),
  path: Type.String({
    description: 'Where in the owner: featured_media_id, fields.gallery[2], blocks[0].props.media_id',
  }),
  place: Nullable(
    Type.Union([
      Type.Object({ kind: Type.Literal('featured') }),
      Type.Object({ kind: Type.Literal('field'), label: Type.String() }),
      Type.Object({
        kind: Type.Literal('block'),
        position: Type.Integer({ minimum: 1, description: "The top-level block's position on the page" }),
        block: Type.String({ description: 'The type of the block holding the item' }),
      }),
    ]),
    'The path in words, where the module owning the record can say it',
  ),
});

export const OptimizedSchema = Type.Object({
  media: MediaSchema,
  bytes_before: Type.Integer(),
  bytes_after: Type.Integer(),
  bytes_saved: Type.Integer(),
});

const FolderFields = {
  id: Type.Integer(),
  name: Type.String(),
  parent_id: Nullable(Type.Integer()),
  media_count: Type.Integer({ description: 'Media directly in the folder' }),
  created_at: Type.String(),
  updated_at: Type.String(),
};

/** A folder and its subfolders, each of this same shape (the answer's schema does not recurse). */
export const FolderSchema = Type.Object({
  ...FolderFields,
  children: Type.Array(Type.Unknown(), { description: 'Subfolders, each a folder of this shape' }),
});

export const FolderCreateBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    parent_id: Type.Optional(Nullable(Id())),
  },
  { additionalProperties: false },
);

export const FolderUpdateBody = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 120 })),
    parent_id: Type.Optional(Nullable(Id(), 'null: to the top level')),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const FolderDeleteQuery = Type.Object(
  {
    move_to_parent: Type.Boolean({
      default: false,
      description:
        "Move the folder's media and subfolders to its parent first, instead of refusing when it is not empty",
    }),
  },
  { additionalProperties: false },
);
