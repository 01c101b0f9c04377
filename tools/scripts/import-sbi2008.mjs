// Writes the SBI 2008 data of the cbs service from its two public sources, so the shipped files
// can be rebuilt and checked against their provenance (libs/domains/cbs/src/data/PROVENANCE.md):
//
//   node tools/scripts/import-sbi2008.mjs <SBI_2008_upd.2019.jsonld> <NACE2_NACE2.1_Table.csv>
//
// sbi2008.json: CBS's SBI 2008 (update 2019) in the columns of sbi2025.json, in classification
// order. The JSON-LD lost the leading zero of some divisions ("1" beside "01", each with one
// language), so codes are padded and their labels merged. A code's section comes from the
// Eurostat table's NACE Rev. 2 order (a section row, then its divisions): SBI 2008 divisions are
// NACE Rev. 2 divisions.
// nace2-nace21.json: Eurostat's class-level correspondence NACE Rev. 2 → NACE Rev. 2.1, one row
// per pair. Its Common_Content flag is left out: the two published directions of the table set it
// on different pairs (623 here, 480 in the NACE 2.1 → 2 file), so it cannot be read as coverage.
import { readFileSync, writeFileSync } from 'node:fs';

const [jsonld, csv] = process.argv.slice(2);
if (!jsonld || !csv) {
  process.stderr.write(
    'usage: import-sbi2008.mjs <SBI_2008_upd.2019.jsonld> <NACE2_NACE2.1_Table.csv>\n',
  );
  process.exit(2);
}
const out = new URL('../../libs/domains/cbs/src/data/', import.meta.url);

/** RFC 4180 rows: quoted fields may hold commas and doubled quotes. */
function csvRows(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      (row.push(field), rows.push(row), (row = []), (field = ''));
    } else field += c;
  }
  if (field || row.length) (row.push(field), rows.push(row));
  return rows;
}

// The Eurostat download is Windows-1252, not UTF-8.
const [header, ...table] = csvRows(new TextDecoder('windows-1252').decode(readFileSync(csv)));
const column = (name) => header.indexOf(name);
const [NACE2, LEVEL, NACE21] = ['NACE2_CODE', 'LEVEL', 'NACE21_CODE'].map(column);

const sectionOf = new Map();
let section = null;
for (const row of table) {
  if (row[LEVEL] === '1') section = row[NACE2];
  if (row[LEVEL] === '2' && section) sectionOf.set(row[NACE2], section);
}
const pairs = table
  .filter((row) => row[LEVEL] === '4' && row[NACE2])
  .map((row) => ({ nace2: row[NACE2], nace21: row[NACE21] }));

const LEVELS = ['section', 'division', 'group', 'class', 'subclass'];
const byCode = new Map();
for (const item of JSON.parse(readFileSync(jsonld, 'utf8'))['@graph']) {
  const compact = item['schema:identifier'].replace(/\./g, '');
  const code = /^\d$/.test(compact) ? `0${compact}` : compact;
  const entry = byCode.get(code) ?? { code };
  for (const label of [item['rdfs:label']].flat()) entry[label['@language']] = label['@value'];
  byCode.set(code, entry);
}
const rows = [...byCode.values()].map(({ code, nl, en }) => {
  const depth = /^[A-Z]$/.test(code) ? 1 : code.length;
  const parent = depth === 1 ? null : depth === 2 ? sectionOf.get(code) : code.slice(0, -1);
  const section = depth === 1 ? code : sectionOf.get(code.slice(0, 2));
  if (!nl || !en || !section) throw new Error(`SBI 2008 code ${code} lacks a title or a section`);
  return { code, level: LEVELS[depth - 1], depth, parent, section, title_nl: nl, title_en: en };
});
// Within a section, digit codes in string order are a depth-first walk of the tree.
const key = (row) => `${row.section}${row.depth === 1 ? '' : ` ${row.code}`}`;
rows.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));

writeFileSync(new URL('sbi2008.json', out), `${JSON.stringify(rows, null, 1)}\n`);
writeFileSync(new URL('nace2-nace21.json', out), `${JSON.stringify(pairs, null, 1)}\n`);
process.stdout.write(`wrote ${rows.length} SBI 2008 codes and ${pairs.length} NACE class pairs\n`);
