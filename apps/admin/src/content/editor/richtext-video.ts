import { Node } from '@tiptap/react';

/**
 * A page address of YouTube or Vimeo, as the video block takes it. The server checks the address
 * again (the video block's own rule) and drops any other.
 */
export function isVideoPage(text: string): boolean {
  return /^https:\/\/(?:(?:www\.|m\.)?youtube\.com\/(?:watch\?\S*v=|shorts\/|embed\/)[\w-]{6,20}|youtu\.be\/[\w-]{6,20}|(?:www\.)?vimeo\.com\/\d{4,12})\S*$/.test(
    text,
  );
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    videoEmbed: {
      /** Puts a video of YouTube or Vimeo where the selection is. */
      insertVideoEmbed: (url: string) => ReturnType;
    };
  }
}

/**
 * A video of YouTube or Vimeo in the text, `<figure class="tb-video" data-embed-url="...">`: the
 * public site shows the video block's player there, which loads nothing from the provider before
 * a click. In the editor, a card with the address.
 */
export const VideoEmbed = Node.create({
  name: 'videoEmbed',
  group: 'block',
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    return {
      url: {
        default: '',
        parseHTML: (element: HTMLElement) => element.getAttribute('data-embed-url') ?? '',
        rendered: false,
      },
    };
  },

  parseHTML() {
    return [{ tag: 'figure.tb-video[data-embed-url]' }];
  },

  renderHTML({ node }) {
    return ['figure', { class: 'tb-video', 'data-embed-url': String(node.attrs.url) }];
  },

  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('figure');
      dom.className = 'tb-video';
      dom.setAttribute('data-embed-url', String(node.attrs.url));
      dom.textContent = `▶ ${String(node.attrs.url)}`;
      return { dom };
    };
  },

  addCommands() {
    return {
      insertVideoEmbed:
        (url) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { url } }),
    };
  },
});
