/**
 * The column names of a CSV file's first line (RFC 4180: fields may be quoted, with `""` for a
 * quote; a comma or semicolon separates them), for the import's column mapping. Read in the browser
 * from the file's first bytes, so choosing the columns needs no round trip.
 */
export function csvHeader(firstBytes: string): string[] {
  const text = firstBytes.replace(/^\uFEFF/, '');
  const separator = detectSeparator(text);
  const names: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      names.push(field.trim());
      field = '';
    } else if (char === '\n' || char === '\r') break;
    else field += char;
  }
  names.push(field.trim());
  return names.filter((name) => name !== '');
}

/** A semicolon when the first line has more of them than commas (spreadsheets in French write so). */
function detectSeparator(text: string): ',' | ';' {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  const count = (char: string) => line.split(char).length - 1;
  return count(';') > count(',') ? ';' : ',';
}

/** The column most likely to hold `what`, by its name in English or French; null when none. */
export function guessColumn(columns: readonly string[], what: 'email' | 'name' | 'language'): string | null {
  const patterns = {
    email: /^(e-?mail|courriel|mail|email address|adresse e-?mail)$/i,
    name: /^(name|nom|full name|nom complet|first name|prénom)$/i,
    language: /^(language|lang|locale|langue)$/i,
  };
  return columns.find((column) => patterns[what].test(column)) ?? null;
}
