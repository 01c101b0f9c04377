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
    },
    options.destination,
  );
}

export type { Logger };
