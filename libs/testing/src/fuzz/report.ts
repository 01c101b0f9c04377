import { reproduction, type Placeholders } from './request.js';
import type { FuzzFailure, FuzzStats } from './runner.js';
import { KEY_PREFIX, type FuzzContext } from './valid.js';

/** Secrets of a run shown as shell variables in reproductions (the values change per run). */
export function placeholdersOf(ctx: FuzzContext): Placeholders {
  const out: [string, string][] = [];
  for (const key of ctx.keys)
    out.push([key, '$KEY'], [key.slice(KEY_PREFIX.length), '${KEY#nlk_live_}']);
  if (ctx.revokedKey) out.push([ctx.revokedKey, '$REVOKED_KEY']);
  if (ctx.adminToken) out.push([ctx.adminToken, '$ADMIN_TOKEN']);
  if (ctx.scratchAccountId) out.push([ctx.scratchAccountId, '$ACCOUNT_ID']);
  return out;
}

/** Statuses in order: numbers first, then the kinds of no-answer. */
function statusColumns(stats: FuzzStats): string[] {
  const all = new Set<string>();
  for (const row of stats.byOperation.values()) for (const status of row.keys()) all.add(status);
  return [...all].sort((a, b) => (Number(a) || 1e9) - (Number(b) || 1e9) || a.localeCompare(b));
}

/** The status counts per operation and overall, as a fixed-width table. */
export function formatStatusTable(stats: FuzzStats): string {
  const columns = statusColumns(stats);
  const total = new Map<string, number>();
  const names = [...stats.byOperation.keys()].sort();
  const rows = names.map((name) => {
    const row = stats.byOperation.get(name) ?? new Map<string, number>();
    for (const [status, n] of row) total.set(status, (total.get(status) ?? 0) + n);
    return [name, ...columns.map((c) => String(row.get(c) ?? '')), String(sum(row))];
  });
  rows.push(['TOTAL', ...columns.map((c) => String(total.get(c) ?? '')), String(sum(total))]);
  const header = ['operation', ...columns, 'cases'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i])))
      .join('  ');
  return [
    line(header),
    ...rows.map((r, i) => (i === rows.length - 1 ? `\n${line(r)}` : line(r))),
  ].join('\n');
}

function sum(row: Map<string, number>): number {
  return [...row.values()].reduce((a, b) => a + b, 0);
}

/** Failures that differ only in the operation, shown once with the operations listed. */
interface FailureGroup {
  readonly title: string;
  readonly failures: FuzzFailure[];
}

function groups(stats: FuzzStats): FailureGroup[] {
  const byTitle = new Map<string, FuzzFailure[]>();
  for (const failure of stats.failures.values()) {
    const tag = JSON.stringify(failure.tag).slice(1, -1);
    const title = `${failure.status} ${failure.contentType}: ${failure.reason} [${tag}]`;
    byTitle.set(title, [...(byTitle.get(title) ?? []), failure]);
  }
  return [...byTitle.entries()]
    .map(([title, failures]) => ({ title, failures }))
    .sort((a, b) => a.title.localeCompare(b.title));
}

function exampleLines(failure: FuzzFailure, placeholders: Placeholders, indent: string): string[] {
  const { example } = failure;
  return [
    `${indent}case #${example.index} (${example.detail})`,
    `${indent}${clip(reproduction(example.request, placeholders))}`,
  ];
}

function groupLines(group: FailureGroup, placeholders: Placeholders, perOperation: boolean) {
  const failures = [...group.failures].sort((a, b) => a.operation.localeCompare(b.operation));
  const cases = failures.reduce((n, f) => n + f.count, 0);
  const lines = [`✗ ${group.title}: ${cases} case(s) on ${failures.length} operation(s)`];
  if (perOperation) {
    for (const failure of failures) {
      lines.push(`    ${failure.operation} ×${failure.count}`);
      lines.push(...exampleLines(failure, placeholders, '      '));
    }
    return lines;
  }
  const smallest = failures.reduce((a, b) => (b.exampleBytes < a.exampleBytes ? b : a));
  lines.push(`    operations: ${failures.map((f) => `${f.operation} ×${f.count}`).join(', ')}`);
  return [...lines, ...exampleLines(smallest, placeholders, '    ')];
}

/**
 * Every failure signature (operation + status + content type + reason + case tag) with its
 * count and smallest reproduction. Signatures that differ only by operation are grouped with
 * the smallest reproduction of the group, unless `perOperation` asks for one each.
 */
export function formatFailures(
  stats: FuzzStats,
  placeholders: Placeholders = [],
  perOperation = false,
): string {
  if (stats.failures.size === 0) return 'No failures.';
  return groups(stats)
    .flatMap((group) => groupLines(group, placeholders, perOperation))
    .join('\n');
}

/** The cases the server could not answer at all, by reason. */
export function formatNotes(stats: FuzzStats): string {
  if (stats.notes.size === 0) return 'None.';
  return [...stats.notes.values()]
    .map((n) => `- ${n.reason}: ${n.count} case(s), e.g. #${n.example.index} (${n.example.detail})`)
    .join('\n');
}

/** The slowest answers: where a hang would show first. */
export function formatSlowest(stats: FuzzStats): string {
  return stats.slowest
    .map(
      (s) =>
        `- ${s.ms} ms, ${s.status}: ${s.testCase.reportAs} #${s.testCase.index} (${s.testCase.tag}: ${s.testCase.detail})`,
    )
    .join('\n');
}

function clip(line: string, max = 1_000): string {
  return line.length <= max ? line : `${line.slice(0, max)} … (${line.length} chars)`;
}

/** The whole report: counts, failures, notes, and whether the server survived. */
export function formatReport(
  stats: FuzzStats,
  placeholders: Placeholders = [],
  perOperation = false,
): string {
  const seconds = (stats.durationMs / 1000).toFixed(1);
  const failures = [...stats.failures.values()].reduce((n, f) => n + f.count, 0);
  return [
    `Fuzz run: seed ${stats.seed}, ${stats.cases} cases in ${seconds} s, ${failures} failing case(s) in ${stats.failures.size} signature(s)`,
    ...(stats.serverDied ? [`!!! The server stopped answering ${stats.serverDied}`] : []),
    '',
    formatStatusTable(stats),
    '',
    'Failures ($BASE = http://127.0.0.1:$PORT; $KEY a valid API key, $ADMIN_TOKEN the admin token):',
    formatFailures(stats, placeholders, perOperation),
    '',
    'Cases the server cannot answer (it waits for bytes never sent), not failures:',
    formatNotes(stats),
    '',
    'Slowest answers:',
    formatSlowest(stats),
  ].join('\n');
}
