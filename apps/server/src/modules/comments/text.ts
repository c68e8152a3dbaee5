const LINK = /\bhttps?:\/\/[^\s<>"']+/gi;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** How many http(s) links a comment carries. */
export function linkCount(body: string): number {
  return body.match(LINK)?.length ?? 0;
}

/**
 * A comment's plain text as HTML: everything escaped, paragraphs and line breaks kept, and http(s)
 * URLs made links that give the linked site no endorsement (rel="nofollow ugc") and no opener.
 */
export function commentHtml(body: string): string {
  return body
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => {
      let html = '';
      let last = 0;
      for (const match of paragraph.matchAll(LINK)) {
        // A sentence's full stop or closing bracket is not part of the URL.
        const url = match[0].replace(/[.,;:!?)\]]+$/, '');
        html += escapeHtml(paragraph.slice(last, match.index));
        html += `<a href="${escapeHtml(url)}" rel="nofollow ugc noopener" target="_blank">${escapeHtml(url)}</a>`;
        last = match.index + url.length;
      }
      html += escapeHtml(paragraph.slice(last));
      return `<p>${html.replace(/\n/g, '<br>')}</p>`;
    })
    .join('');
}
