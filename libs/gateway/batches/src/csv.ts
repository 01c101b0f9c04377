/**
 * Reads CSV text (RFC 4180: quoted fields with `""` for a quote, CRLF or LF line ends) into rows
 * of fields. The delimiter is the header's: a comma, or a semicolon when the first line has
 * semicolons and no comma (what a Dutch spreadsheet program writes). Blank lines are skipped.
 * Linear in the text; a quote that never closes is an error with its line number.
 */
export function parseCsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteLine = 0;
  const endRow = () => {
    row.push(field);
    if (row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      line++;
      endRow();
    } else field += c;
  }
  if (quoted) throw new SyntaxError(`a quoted field opened on line ${quoteLine} never closes`);
  if (field !== '' || row.length) endRow();
  return rows;
}

/** Quotes a field for CSV when it needs it (a comma, quote or line break in it). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}
