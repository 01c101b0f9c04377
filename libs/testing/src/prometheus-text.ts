/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4, what `/metrics`
 * serves), for tests: every line must parse, and the rules Prometheus relies on hold, or it
 * throws naming the line. `promtool check metrics` is not installed here; this checks what a
 * scrape would reject or misread:
 *
 * - names `[a-zA-Z_:][a-zA-Z0-9_:]*`, label names `[a-zA-Z_][a-zA-Z0-9_]*` (none `__…`), label
 *   values quoted with only `\\`, `\"` and `\n` escaped, each label once per sample;
 * - values as Go floats (also `NaN`, `+Inf`, `-Inf`, in any case: prom-client writes `Nan`),
 *   an optional integer timestamp;
 * - at most one `# HELP` and one `# TYPE` per family, the type before its first sample, and a
 *   family's lines together (never interleaved with another's);
 * - no series twice; counters never negative;
 * - histograms: `_bucket` with an `le` label, ascending, ending at `+Inf`, cumulative counts
 *   that never fall, and `_count` equal to the `+Inf` bucket; `_sum` present;
 * - summaries: `quantile` labels between 0 and 1 besides `_sum` and `_count`.
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface MetricFamily {
  readonly name: string;
  type: MetricType;
  help?: string;
  readonly samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const TYPES = new Set<MetricType>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Partial<Record<MetricType, readonly string[]>> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
};

/** Go's `ParseFloat`, which Prometheus uses: also `NaN` and `±Inf(inity)`, in any case. */
function parseValue(text: string, where: string): number {
  if (/^nan$/i.test(text)) return NaN;
  const inf = /^([+-]?)inf(inity)?$/i.exec(text);
  if (inf) return inf[1] === '-' ? -Infinity : Infinity;
  if (!FLOAT.test(text)) throw new Error(`${where}: "${text}" is not a number`);
  return Number(text);
}

/** The labels between `{` and `}` at `start` of `line`; returns them and the index after `}`. */
function parseLabels(line: string, start: number, where: string) {
  const labels: Record<string, string> = {};
  let i = start + 1;
  while (line[i] !== '}') {
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: a label without "="`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name) || name.startsWith('__'))
      throw new Error(`${where}: bad label name "${name}"`);
    if (name in labels) throw new Error(`${where}: label "${name}" twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: the value of "${name}" is not quoted`);
    let value = '';
    let j = eq + 2;
    for (; j < line.length && line[j] !== '"'; j++) {
      if (line[j] !== '\\') {
        value += line[j];
        continue;
      }
      const escaped = line[++j];
      if (escaped === 'n') value += '\n';
      else if (escaped === '\\' || escaped === '"') value += escaped;
      else throw new Error(`${where}: bad escape "\\${escaped ?? ''}" in "${name}"`);
    }
    if (j >= line.length) throw new Error(`${where}: unterminated value of "${name}"`);
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`${where}: expected "," or "}" after "${name}"`);
  }
  return { labels, end: i + 1 };
}

function parseSample(line: string, where: string): Sample {
  const nameEnd = line.search(/[{ ]/);
  if (nameEnd <= 0) throw new Error(`${where}: a sample without a value`);
  const name = line.slice(0, nameEnd);
  if (!NAME.test(name)) throw new Error(`${where}: bad metric name "${name}"`);
  let labels: Record<string, string> = {};
  let rest = line.slice(nameEnd);
  if (rest.startsWith('{')) {
    const parsed = parseLabels(line, nameEnd, where);
    labels = parsed.labels;
    rest = line.slice(parsed.end);
  }
  const parts = rest.split(' ');
  if (parts[0] !== '' || parts.length < 2 || parts.length > 3 || parts.includes('', 1))
    throw new Error(`${where}: expected one space, a value and an optional timestamp`);
  if (parts[2] !== undefined && !/^-?\d+$/.test(parts[2]))
    throw new Error(`${where}: bad timestamp "${parts[2]}"`);
  return { name, labels, value: parseValue(parts[1], where) };
}

/** The family a sample name belongs to (`x_bucket` → `x` for a declared histogram `x`). */
function familyOf(name: string, families: Map<string, MetricFamily>): string {
  for (const [family, { type }] of families)
    for (const suffix of SUFFIXES[type] ?? []) if (name === family + suffix) return family;
  return name;
}

const seriesKey = (sample: Sample) =>
  `${sample.name}{${Object.entries(sample.labels)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(',')}}`;

/** Parses and checks an exposition; throws with the line number of the first problem. */
export function parsePrometheusText(text: string): Map<string, MetricFamily> {
  const families = new Map<string, MetricFamily>();
  const finished = new Set<string>();
  const series = new Set<string>();
  const typed = new Set<string>();
  let current: string | null = null;
  const enter = (name: string, where: string) => {
    if (current === name) return;
    if (finished.has(name)) throw new Error(`${where}: lines of ${name} are not together`);
    if (current) finished.add(current);
    current = name;
  };
  const family = (name: string) => {
    let found = families.get(name);
    if (!found) families.set(name, (found = { name, type: 'untyped', samples: [] }));
    return found;
  };
  text.split('\n').forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (line.trim() === '') return;
    const meta = /^#\s+(HELP|TYPE)\s+(\S+)(?:\s(.*))?$/.exec(line);
    if (meta) {
      const [, kind, name, rest = ''] = meta;
      if (!NAME.test(name)) throw new Error(`${where}: bad metric name "${name}"`);
      enter(name, where);
      const f = family(name);
      if (kind === 'HELP') {
        if (f.help !== undefined) throw new Error(`${where}: a second HELP for ${name}`);
        f.help = rest.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
      } else {
        if (f.samples.length) throw new Error(`${where}: TYPE of ${name} after its samples`);
        if (!TYPES.has(rest as MetricType)) throw new Error(`${where}: unknown type "${rest}"`);
        if (typed.has(name)) throw new Error(`${where}: a second TYPE for ${name}`);
        typed.add(name);
        f.type = rest as MetricType;
      }
      return;
    }
    if (line.startsWith('#')) return; // a comment
    const sample = parseSample(line, where);
    const name = familyOf(sample.name, families);
    enter(name, where);
    const key = seriesKey(sample);
    if (series.has(key)) throw new Error(`${where}: ${key} twice`);
    series.add(key);
    family(name).samples.push(sample);
  });
  for (const f of families.values()) checkFamily(f);
  return families;
}

/** The value rules of a family's type. */
function checkFamily(f: MetricFamily): void {
  if (f.type === 'counter')
    for (const s of f.samples)
      if (!(s.value >= 0)) throw new Error(`${f.name}: counter value ${s.value}`);
  if (f.type === 'summary')
    for (const s of f.samples.filter((s) => s.name === f.name)) {
      const q = Number(s.labels.quantile);
      if (!(q >= 0 && q <= 1)) throw new Error(`${f.name}: bad quantile "${s.labels.quantile}"`);
    }
  if (f.type !== 'histogram') return;
  const groups = new Map<string, { buckets: Sample[]; count?: number; sum?: number }>();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const group = groups.get(key) ?? { buckets: [] };
    groups.set(key, group);
    if (s.name === `${f.name}_bucket`) {
      if (le === undefined) throw new Error(`${f.name}: a bucket without "le"`);
      group.buckets.push(s);
    } else if (s.name === `${f.name}_count`) group.count = s.value;
    else if (s.name === `${f.name}_sum`) group.sum = s.value;
    else throw new Error(`${f.name}: unexpected sample ${s.name}`);
  }
  for (const [key, group] of groups) {
    const bounds = group.buckets.map((b) => parseValue(b.labels.le, `${f.name} le`));
    if (bounds.at(-1) !== Infinity) throw new Error(`${f.name}${key}: no +Inf bucket`);
    for (let i = 1; i < bounds.length; i++) {
      if (!(bounds[i] > bounds[i - 1])) throw new Error(`${f.name}${key}: le not ascending`);
      if (group.buckets[i].value < group.buckets[i - 1].value)
        throw new Error(`${f.name}${key}: bucket counts fall`);
    }
    if (group.count !== group.buckets.at(-1)?.value)
      throw new Error(`${f.name}${key}: _count differs from the +Inf bucket`);
    if (group.sum === undefined) throw new Error(`${f.name}${key}: no _sum`);
  }
}

/** The value of one series of a parsed exposition, or undefined when it is not there. */
export function sampleValue(
  families: Map<string, MetricFamily>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const f of families.values())
    for (const s of f.samples)
      if (s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        return s.value;
  return undefined;
}
