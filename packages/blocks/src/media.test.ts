import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { type BlockDefinition, defineBlock } from './block.js';
import { blockMedia, mapBlockMedia } from './media.js';

const picture = defineBlock({
  type: 'picture',
  category: 'media',
  label: 'Picture',
  icon: 'photo',
  props: Type.Object({ media_id: Type.Integer(), note: Type.Integer() }),
  children: 'none',
  media: ['media_id'],
  component: () => null,
});
const album = defineBlock({
  type: 'album',
  category: 'media',
  label: 'Album',
  icon: 'photos',
  props: Type.Object({
    images: Type.Array(Type.Object({ media_id: Type.Integer() })),
    cover: Type.Array(Type.Integer()),
  }),
  children: 'any',
  media: ['images', 'cover'],
  component: () => null,
});
const registry = new Map<string, BlockDefinition>(
  ([picture, album] as unknown as BlockDefinition[]).map((definition) => [definition.type, definition]),
);

describe('blockMedia', () => {
  it('finds the media of declared props at any depth, with their paths', () => {
    const tree = [
      { id: 'a', type: 'picture', props: { media_id: 4, note: 99 } },
      {
        id: 'b',
        type: 'album',
        props: { images: [{ media_id: 5 }, { media_id: 6 }], cover: [7] },
        children: [{ id: 'c', type: 'picture', props: { media_id: 8, note: 1 } }],
      },
      { id: 'd', type: 'unknown', props: { media_id: 9 } },
    ];
    expect(blockMedia(tree, 'blocks', registry)).toEqual([
      { mediaId: 4, path: 'blocks[0].props.media_id' },
      { mediaId: 5, path: 'blocks[1].props.images[0]' },
      { mediaId: 6, path: 'blocks[1].props.images[1]' },
      { mediaId: 7, path: 'blocks[1].props.cover[0]' },
      { mediaId: 8, path: 'blocks[1].children[0].props.media_id' },
    ]);
  });

  it('ignores props not declared as media and values that are not ids', () => {
    expect(
      blockMedia([{ id: 'a', type: 'picture', props: { media_id: 0, note: 3 } }], 'blocks', registry),
    ).toEqual([]);
  });
});

describe('mapBlockMedia', () => {
  it('maps the ids of declared props at any depth, dropping or nulling the unknown ones', () => {
    const tree = [
      { id: 'a', type: 'picture', props: { media_id: 4, note: 4 } },
      {
        id: 'b',
        type: 'album',
        props: { images: [{ media_id: 5 }, { media_id: 6 }], cover: [7, 99] },
        children: [{ id: 'c', type: 'picture', props: { media_id: 99, note: 1 } }],
      },
    ];
    const map = (id: number) => (id === 99 ? undefined : id + 100);
    expect(mapBlockMedia(tree, map, registry)).toEqual([
      { id: 'a', type: 'picture', props: { media_id: 104, note: 4 } },
      {
        id: 'b',
        type: 'album',
        props: { images: [{ media_id: 105 }, { media_id: 106 }], cover: [107] },
        children: [{ id: 'c', type: 'picture', props: { media_id: null, note: 1 } }],
      },
    ]);
  });
});
