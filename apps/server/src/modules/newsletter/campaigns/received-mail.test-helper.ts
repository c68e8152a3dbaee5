/** A campaign message as the SMTP fixture received it: its headers (unfolded) and decoded parts. */
export interface ReceivedCampaignMail {
  headers: Map<string, string>;
  text: string;
  html: string;
}

/** Undoes a part's transfer encoding: base64, quoted-printable (soft breaks, =XX), or none. */
function decodePart(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let at = 0; at < joined.length; ) {
    const hex = joined[at] === '=' ? /^[0-9A-Fa-f]{2}/.exec(joined.slice(at + 1, at + 3)) : null;
    if (hex) {
      bytes.push(Number.parseInt(hex[0], 16));
      at += 3;
    } else {
      const code = joined.codePointAt(at) ?? 0;
      const char = String.fromCodePoint(code);
      bytes.push(...Buffer.from(char, 'utf8'));
      at += char.length;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Header name (lowercase) → value, continuation lines joined. */
function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** Reads a multipart/alternative message as nodemailer writes it. */
export function readCampaignMail(raw: string): ReceivedCampaignMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = headersOf(raw.slice(0, split));
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) throw new Error('The message is not multipart.');
  const parts = new Map<string, string>();
  for (const part of raw
    .slice(split + 4)
    .split(`--${boundary}`)
    .slice(1, -1)) {
    const at = part.indexOf('\r\n\r\n');
    const partHeaders = headersOf(part.slice(0, at).replace(/^\r\n/, ''));
    const type = (partHeaders.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    const encoding = (partHeaders.get('content-transfer-encoding') ?? '').toLowerCase();
    parts.set(type, decodePart(part.slice(at + 4).replace(/\r\n$/, ''), encoding).replace(/\r\n/g, '\n'));
  }
  return { headers, text: parts.get('text/plain') ?? '', html: parts.get('text/html') ?? '' };
}
