// Formats the results as a fixed-width table, ratios against the baseline row, and loud warnings
// for any run whose numbers cannot be trusted (errors, non-2xx, wrong cache state).
import { CHUNK_SECONDS, PAIRED_ROUNDS, type LoadProfile, type Measurement } from './measure.js';
import { pairOf, type Target } from './targets.js';

export interface Row {
  readonly target: Target;
  readonly measurement?: Measurement;
  /** Peak RSS (VmHWM) of each of the target's processes, in MB. */
  readonly peakRssMb?: readonly number[];
  /** Why the row has no numbers: skipped (servers missing) or failed. */
  readonly missing?: string;
  /** Problems with a run that did produce numbers. */
  readonly warnings: readonly string[];
  /** Req/s of each chunk, in order, when measured side by side with another row. */
  readonly chunkRates?: readonly number[];
}

const COLUMNS = [
  { title: 'target', width: 58 },
  { title: 'req/s', width: 10 },
  { title: 'p50 ms', width: 9 },
  { title: 'p99 ms', width: 9 },
  { title: 'err/non2xx', width: 12 },
  { title: 'peak RSS MB', width: 0 },
];

function line(cells: readonly string[]): string {
  // Right-align numbers under their header; the label column is left-aligned.
  return cells
    .map((cell, i) =>
      i === 0
        ? cell.padEnd(COLUMNS[i].width)
        : cell.padStart(COLUMNS[i].title.length).padEnd(COLUMNS[i].width),
    )
    .join('')
    .trimEnd();
}

export function failedRun(m: Measurement): boolean {
  return m.errors > 0 || m.non2xx > 0;
}

function rss(parts: readonly number[] | undefined): string {
  if (!parts?.length) return 'n/a';
  const total = Math.round(parts.reduce((a, b) => a + b, 0));
  return parts.length === 1
    ? String(total)
    : `${total} (${parts.map((p) => Math.round(p)).join('+')})`;
}

/** autocannon records whole milliseconds by default; don't print precision it doesn't have. */
const ms = (value: number) => String(Number(value.toFixed(2)));

function rowLine(row: Row): string {
  const label = `(${row.target.key}) ${row.target.label}`;
  const m = row.measurement;
  if (!m) return `${label.padEnd(COLUMNS[0].width)}${row.missing ?? 'no result'}`;
  const flag = failedRun(m) || row.warnings.length ? '  <-- !!' : '';
  return (
    line([
      label,
      Math.round(m.reqPerSec).toString(),
      ms(m.p50Ms),
      ms(m.p99Ms),
      `${m.errors}/${m.non2xx}`,
      rss(row.peakRssMb),
    ]) + flag
  );
}

/** The lowest and highest ratio of two rows' rounds, side by side (their chunks pair up in order). */
function roundSpread(row: Row, other: Row): string {
  const mine = row.chunkRates ?? [];
  const theirs = other.chunkRates ?? [];
  if (mine.length < 2 || mine.length !== theirs.length) return '';
  const each = mine.map((r, i) => r / theirs[i]).filter(Number.isFinite);
  if (!each.length) return '';
  return ` (rounds ${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)})`;
}

function ratios(rows: readonly Row[]): string {
  const base = rows.find((r) => r.target.baseline && r.measurement?.reqPerSec);
  const rate = (r: Row) => r.measurement?.reqPerSec;
  const ratio = (r: Row, other: Row) => {
    const [x, y] = [rate(r), rate(other)];
    return x && y ? [`${r.target.key}/${other.target.key} = ${(x / y).toFixed(2)}`] : [];
  };
  const versus = rows.flatMap((r) => {
    const other = rows.find((o) => o.target.key === r.target.versus);
    return other ? ratio(r, other).map((text) => text + roundSpread(r, other)) : [];
  });
  const parts = base ? rows.flatMap((r) => (r !== base ? ratio(r, base) : [])) : [];
  return [
    base
      ? `ratios to the baseline: ${parts.join('   ') || 'n/a'}   (req/s)`
      : 'ratios: n/a (the baseline did not run)',
    ...(versus.length
      ? [`cost of auth + limits + credits: ${versus.join('   ')}   (req/s, 1.00 = free)`]
      : []),
  ].join('\n');
}

function problems(rows: readonly Row[]): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const m = row.measurement;
    const key = `(${row.target.key}) ${row.target.label}`;
    if (m && failedRun(m)) {
      out.push(
        `!!! ${key}: ${m.errors} errors (${m.timeouts} timeouts) and ${m.non2xx} non-2xx of ${m.requests} requests: these numbers are NOT valid`,
      );
    }
    for (const warning of row.warnings) out.push(`!!! ${key}: ${warning}`);
  }
  return out;
}

export function formatReport(rows: readonly Row[], endpoint: string, load: LoadProfile): string {
  const out = [
    `Cached GET ${endpoint}, ${load.connections} connections, ${load.durationSeconds} s each (after ${load.warmupSeconds} s warm-up)`,
    line(COLUMNS.map((c) => c.title)),
    ...rows.map(rowLine),
    ratios(rows),
  ];
  const targets = rows.filter((r) => r.measurement).map((r) => r.target);
  const paired = targets.filter((target) => pairOf(target, targets));
  if (paired.length)
    out.push(
      `${paired.map((t) => `${t.key} and ${t.versus}`).join(', ')}: measured side by side, ${PAIRED_ROUNDS} rounds in which the load alternates between them in ${CHUNK_SECONDS} s chunks; their p50 and p99 are the chunks', weighted by requests`,
    );
  if (rows.some((r) => (r.peakRssMb?.length ?? 0) > 1))
    out.push(
      'peak RSS of multi-process targets is the sum of each process’s peak (NATS, Postgres, Redis not counted)',
    );
  const flagged = problems(rows);
  if (flagged.length) out.push('', ...flagged);
  return out.join('\n');
}
