/** From this share of the server's body limit the editor warns: room for a few more paragraphs. */
const NEAR_SHARE = 0.9;

/** An entry's size as it would be sent, against the largest body the server accepts. */
export interface BodySize {
  bytes: number;
  limit: number;
  state: 'fits' | 'near' | 'over';
}

/** The UTF-8 length of a text, as it goes over the wire, counted without encoding a copy of it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one character of four bytes.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Where a JSON body stands against the limit; null while the limit is not known. */
export function bodySizeOf(json: string, limit: number | undefined): BodySize | null {
  if (limit === undefined) return null;
  const bytes = utf8Bytes(json);
  return { bytes, limit, state: bytes > limit ? 'over' : bytes >= limit * NEAR_SHARE ? 'near' : 'fits' };
}

/** The field holding the most text, where the warning about the entry's size is shown. */
export function heaviestField(fields: Record<string, unknown>): string | null {
  let heaviest: string | null = null;
  let most = -1;
  for (const [key, value] of Object.entries(fields)) {
    const length = typeof value === 'string' ? value.length : JSON.stringify(value ?? null).length;
    if (length > most) [heaviest, most] = [key, length];
  }
  return heaviest;
}

/** A paste of at least this much text is said at once, even when it fits: most of a save's room. */
const LARGE_PASTE_BYTES = 1024 * 1024;

/** What a paste of this text means for the entry: refused, worth a word, or nothing to say. */
export interface PasteVerdict {
  kind: 'refused' | 'large';
  bytes: number;
  limit: number;
}

/**
 * A paste larger than the server accepts in one save is refused before the editor parses it (seconds
 * of a frozen tab for a text no save could carry); one over half the limit, or over a megabyte, is
 * kept and said. The text stays on the clipboard, to paste in parts.
 */
export function pasteVerdictOf(text: string, limit: number | undefined): PasteVerdict | null {
  if (limit === undefined || text.length < Math.min(LARGE_PASTE_BYTES, limit / 2) / 4) return null;
  const bytes = utf8Bytes(text);
  if (bytes > limit) return { kind: 'refused', bytes, limit };
  return bytes >= Math.min(LARGE_PASTE_BYTES, limit / 2) ? { kind: 'large', bytes, limit } : null;
}
