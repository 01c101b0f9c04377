import { Writable } from 'node:stream';
import { createLogger, type Logger } from '@nl/platform-logging';

/** A real pino logger whose lines a test can read back. */
export function captureLogs(
  service = 'test',
  level = 'info',
): { logger: Logger; lines: () => Record<string, unknown>[]; text: () => string } {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  const logger = createLogger({ service, level, destination });
  return {
    logger,
    text: () => chunks.join(''),
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

export const silentLogger = (): Logger => createLogger({ service: 'test', level: 'silent' });
