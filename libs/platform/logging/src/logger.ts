import { pino, type Logger, type DestinationStream } from 'pino';
import { currentRequestId, requestScope } from '@nl/platform-context';

/**
 * Header and field names whose values never reach a log line, as no secret may: credentials of
 * callers and keys of upstreams.
 */
export const REDACTED_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["payment-signature"]',
  'headers["x-api-key"]',
  'headers.authorization',
  'headers["payment-signature"]',
  '*.apiKey',
  '*.api_key',
  '*.password',
  '*.token',
  '*.secret',
];

/**
 * Our API keys wherever they end up in a line (a caller who puts one in a query string or a
 * body): only the visible prefix stays, as in key listings.
 */
const API_KEY_PATTERN = /(nlk_(?:live|test)_[0-9A-Za-z]{6})[0-9A-Za-z]+/g;

/**
 * `%` as sent, or itself percent-encoded any number of times (`%25`, `%2525`, …): a key that went
 * through two layers of URL encoding (`nlk%255Flive%255F…`) is still one.
 */
const PERCENT = '%(?:25)*';

/** Each character (letters and `_` only) as itself or percent-encoded, once or more, in any case. */
function plainOrEncoded(text: string): string {
  return [...text]
    .map((char) => {
      const hex = char.charCodeAt(0).toString(16);
      return `(?:${char}|${PERCENT}${hex[0]}[${hex[1].toLowerCase()}${hex[1].toUpperCase()}])`;
    })
    .join('');
}

/**
 * A key with any of its characters percent-encoded, once or more, as a caller may send it in a
 * query string or a path (`?api_key=nlk%5Flive%5F…`), plain ones included: a match with a `%`
 * is masked whole, since its visible part is not readable.
 */
const ENCODED_KEY_PATTERN = new RegExp(
  `${plainOrEncoded('nlk_')}(?:${plainOrEncoded('live')}|${plainOrEncoded('test')})${plainOrEncoded('_')}(?:[0-9A-Za-z]|${PERCENT}[0-9A-Fa-f]{2}){6,}`,
  'g',
);

const maskPlain = (text: string) => text.replace(API_KEY_PATTERN, '$1…[redacted]');

/** Masks every API key in a serialized log line. */
export function maskApiKeys(line: string): string {
  // Most lines have no `%`: they need only the plain pattern.
  if (!line.includes('%')) return maskPlain(line);
  return line.replace(ENCODED_KEY_PATTERN, (match) =>
    match.includes('%') ? 'nlk_…[redacted]' : maskPlain(match),
  );
}

/**
 * Fields of database errors that carry SQL text, bound parameters or row values (TypeORM's
 * `query`/`parameters`, node-postgres's `internalQuery`, `detail`, `where`): a failed
 * statement is logged by its message and SQLSTATE, never with the caller's data in it.
 */
const SQL_FIELDS = ['query', 'parameters', 'internalQuery', 'detail', 'where'];

function withoutSql(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 3) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const field of SQL_FIELDS) delete out[field];
  for (const [key, child] of Object.entries(out)) {
    if (typeof child === 'object' && child !== null && key !== 'stack')
      out[key] = withoutSql(child, depth + 1);
  }
  return out;
}

/** pino's error serializer, minus SQL text and parameters. */
export function serializeError(error: unknown): unknown {
  return withoutSql(pino.stdSerializers.err(error as Error));
}

export interface LoggerOptions {
  service: string;
  level: string;
  /** Where lines go; stdout by default. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

/**
 * The process logger: JSON lines, service name and request id on every line (and `sandbox: true`
 * on those written for a test-key call), secrets redacted.
 */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const requestId = currentRequestId();
        return {
          ...(requestId && { requestId }),
          ...(requestScope().sandbox && { sandbox: true }),
        };
      },
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: maskApiKeys },
    },
    options.destination,
  );
}

export type { Logger };
