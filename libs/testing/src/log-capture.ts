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

/**
 * The base URL in an app's `"<service> listening"` log line (startApp logs `"url":"http://…"`),
 * or undefined for any other line: how a test learns the port of an app started with PORT=0,
 * which binds a port of its own choosing, so no other process can take it in between.
 */
export function listeningUrl(line: string): string | undefined {
  if (!/"msg":"\w+ listening"/.test(line)) return undefined;
  return /"url":"(http:\/\/[^"]+)"/.exec(line)?.[1];
}
