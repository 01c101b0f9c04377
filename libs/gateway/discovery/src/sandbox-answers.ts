/** What the sandbox answered to an endpoint's first example, as llms-full.txt shows it. */
export interface SandboxAnswer {
  readonly status: number;
  /** The JSON body, with the members that hold the moment of the call replaced. */
  readonly body: unknown;
  /** The members that were replaced and what stands for each, for the text to say so. */
  readonly replaced: Readonly<Record<string, string>>;
}

/** What stands for a member that holds the time of the call. */
export const TIME_OF_THE_CALL = '<time of the call>';
/** What stands for a member that holds the date of the call. */
export const DATE_OF_THE_CALL = '<date of the call>';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The calendar days a span of time touches, in UTC and in the Netherlands' time. */
function daysOf(from: number, to: number): Set<string> {
  const days = new Set<string>();
  const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' });
  for (const t of [from, to]) days.add(new Date(t).toISOString().slice(0, 10)).add(local.format(t));
  return days;
}

/**
 * An answer made the same on every run: a recorded answer is the same data each time, but a
 * member that holds the moment of the call (when the answer was fetched, the date a rule was
 * checked on) changes with the clock, so a moment within `[from, to]` (when the calls were made)
 * or a date of those days is replaced by {@link TIME_OF_THE_CALL} or {@link DATE_OF_THE_CALL}.
 * Recorded dates are of the past, so they never match.
 */
export function steadyAnswer(
  status: number,
  body: unknown,
  from: number,
  to: number,
): SandboxAnswer {
  const days = daysOf(from, to);
  const replaced: Record<string, string> = {};
  const steady = (value: unknown, name: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => steady(v, name));
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, steady(v, k)]));
    if (typeof value !== 'string') return value;
    if (DATE.test(value) && days.has(value)) {
      replaced[name] = DATE_OF_THE_CALL;
      return DATE_OF_THE_CALL;
    }
    const moment = MOMENT.test(value) ? Date.parse(value) : NaN;
    if (moment >= from - 1_000 && moment <= to + 1_000) {
      replaced[name] = TIME_OF_THE_CALL;
      return TIME_OF_THE_CALL;
    }
    return value;
  };
  const result = steady(body, '');
  return { status, body: result, replaced };
}
