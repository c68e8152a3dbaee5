import { describe, expect, it } from 'vitest';
import { mediaPlace } from './media-places.js';

const fields = [{ key: 'gallery', label: 'Gallery' }];
const entry = {
  blocks: [
    { type: 'heading', props: { text: 'Hi' } },
    { type: 'image', props: { media_id: 4 } },
    { type: 'columns', children: [{ type: 'text' }, { type: 'gallery', props: { items: [4] } }] },
  ],
};

describe('mediaPlace', () => {
  it('says where in an entry a media path is, in words', () => {
    expect(mediaPlace('featured_media_id', entry, fields)).toEqual({ kind: 'featured' });
    expect(mediaPlace('fields.gallery[2]', entry, fields)).toEqual({ kind: 'field', label: 'Gallery' });
    expect(mediaPlace('blocks[1].props.media_id', entry, fields)).toEqual({
      kind: 'block',
      position: 2,
      block: 'image',
    });
    // A nested block: the page's block it sits in, and its own type.
    expect(mediaPlace('blocks[2].children[1].props.items[0]', entry, fields)).toEqual({
      kind: 'block',
      position: 3,
      block: 'gallery',
    });
  });

  it('places nothing it cannot find', () => {
    expect(mediaPlace('fields.gone', entry, fields)).toBeNull();
    expect(mediaPlace('blocks[9].props.media_id', entry, fields)).toBeNull();
    expect(mediaPlace('items[0]', entry, fields)).toBeNull();
  });
});
