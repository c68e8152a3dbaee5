export interface DiffPart {
  text: string;
  change: 'same' | 'added' | 'removed';
}

/** Words and the spaces between them, so a diff puts back the text exactly as it was. */
const tokens = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

/** Texts longer than this are compared as a whole: the table below grows with their product. */
const MAX_TOKENS = 2000;

/**
 * What changed between two texts, word by word (a longest common subsequence): the revisions
 * panel's visual diff, removed words struck through and added ones marked.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  if (a.length > MAX_TOKENS || b.length > MAX_TOKENS)
    return merge([
      ...(before ? [{ text: before, change: 'removed' as const }] : []),
      ...(after ? [{ text: after, change: 'added' as const }] : []),
    ]);
  // lengths[i][j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      (lengths[i] as Uint32Array)[j] =
        a[i] === b[j]
          ? ((lengths[i + 1] as Uint32Array)[j + 1] ?? 0) + 1
          : Math.max((lengths[i + 1] as Uint32Array)[j] ?? 0, (lengths[i] as Uint32Array)[j + 1] ?? 0);
  const parts: DiffPart[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      parts.push({ text: a[i] ?? '', change: 'same' });
      i++;
      j++;
    } else if (((lengths[i + 1] as Uint32Array)[j] ?? 0) >= ((lengths[i] as Uint32Array)[j + 1] ?? 0)) {
      parts.push({ text: a[i++] ?? '', change: 'removed' });
    } else {
      parts.push({ text: b[j++] ?? '', change: 'added' });
    }
  }
  while (i < a.length) parts.push({ text: a[i++] ?? '', change: 'removed' });
  while (j < b.length) parts.push({ text: b[j++] ?? '', change: 'added' });
  return merge(parts);
}

/** Neighbours of the same kind joined: fewer, longer marks to read. */
function merge(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if (last && last.change === part.change) last.text += part.text;
    else out.push({ ...part });
  }
  return out;
}
