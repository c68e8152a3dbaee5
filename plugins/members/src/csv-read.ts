/**
 * Reads CSV as spreadsheets write it (RFC 4180): quoted cells with doubled quotes and line breaks
 * inside, CRLF or LF line ends, a byte order mark ignored. Lines left empty are dropped; each row
 * keeps the number of its first line in the file, so a report names the line a person sees.
 */
export interface CsvRow {
  line: number;
  cells: string[];
}

export function readCsv(text: string): CsvRow[] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const rows: CsvRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}
