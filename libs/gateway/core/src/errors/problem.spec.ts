import { ERROR_CODES } from '@nl/contracts-core';
import { ERROR_STATUS } from './error-status.js';
import { problem } from './problem.js';

describe(problem.name, () => {
  it('should build an RFC 9457 body with code, request id and field errors', () => {
    const sut = problem({
      code: 'validation_failed',
      instance: '/v1/cbs/sbi?per_page=0',
      requestId: 'req-1',
      errors: [{ field: 'per_page', message: 'per_page must not be less than 1' }],
    });
    expect(sut).toEqual({
      type: 'urn:nl-data-api:problem:validation_failed',
      title: 'Bad Request',
      status: 400,
      detail: ERROR_CODES.validation_failed,
      instance: '/v1/cbs/sbi?per_page=0',
      code: 'validation_failed',
      requestId: 'req-1',
      errors: [{ field: 'per_page', message: 'per_page must not be less than 1' }],
    });
  });

  it('should carry the error id of an unexpected error', () => {
    expect(
      problem({ code: 'internal', instance: '/x', requestId: 'r', errorId: 'e-1' }),
    ).toMatchObject({ status: 500, errorId: 'e-1' });
  });
});

describe('ERROR_STATUS', () => {
  it('should map every code to an error status', () => {
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it.each([
    ['service_unavailable', 503],
    ['gateway_timeout', 504],
    ['upstream_bad_response', 502],
    ['rate_limited', 429],
    ['insufficient_credits', 402],
    ['spend_cap_reached', 402],
    ['ambiguous_credentials', 400],
  ] as const)('should answer %s with %i', (code, status) => {
    expect(ERROR_STATUS[code]).toBe(status);
  });
});
