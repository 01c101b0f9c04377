import { isDatabaseUnavailable } from './infrastructure-error.js';

const socketError = (code: string) =>
  Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection from the driver', socketError('ECONNREFUSED')],
    [
      'a query whose connection was reset (TypeORM)',
      Object.assign(new Error('Query failed'), { driverError: socketError('ECONNRESET') }),
    ],
    [
      'a server shutting down (SQLSTATE 57P01)',
      Object.assign(new Error('terminating'), { driverError: { code: '57P01' } }),
    ],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a pool timeout wrapping its cause',
      new Error('timeout exceeded when trying to connect', { cause: new Error('x') }),
    ],
  ])('should take %s for an unreachable database', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      "an upstream's failed fetch",
      new TypeError('fetch failed', { cause: socketError('ECONNREFUSED') }),
    ],
    [
      'an upstream error wrapping one',
      Object.assign(new Error('pdok could not be reached'), {
        cause: new TypeError('fetch failed', { cause: socketError('ECONNRESET') }),
      }),
    ],
    ['a statement that was wrong', Object.assign(new Error('syntax'), { code: '42601' })],
  ])('should not take %s for one', (_what, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
