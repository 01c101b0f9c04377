import { pino, type Logger, type DestinationStream } from 'pino';
import { currentRequestId } from './request-context.js';

/**
 * Header and field names whose values never reach a log line (STYLE.md): credentials of
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
const API_KEY_PATTERN = /(nlk_live_[0-9A-Za-z]{6})[0-9A-Za-z]+/g;

/** Masks every API key in a serialized log line. */
export function maskApiKeys(line: string): string {
  return line.replace(API_KEY_PATTERN, '$1…[redacted]');
}

export interface LoggerOptions {
  service: string;
  level: string;
  /** Where lines go; stdout by default. Tests pass a stream to read them. */
  destination?: DestinationStream;
}

/** The process logger: JSON lines, service name and request id on every line, secrets redacted. */
export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: options.service },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { requestId } : {};
      },
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: maskApiKeys },
    },
    options.destination,
  );
}

export type { Logger };
