import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { DomainError } from '@nl/platform-errors';
import { TimeoutError } from 'rxjs';
import { toDomainError } from './transport.client.js';

describe(toDomainError.name, () => {
  it('should call a missing service unavailable, naming the service, with Retry-After', () => {
    const sut = toDomainError(
      new EmptyResponseException('rdw.vehicle.full'),
      'rdw.vehicle.full',
      1_000,
    );
    expect(sut).toMatchObject({
      code: 'service_unavailable',
      message: 'The rdw service is not available right now.',
      extra: { retryAfterSeconds: 30 },
    });
  });

  it('should treat the in-process "no handler" answer like NATS no-responders', () => {
    expect(
      toDomainError(
        'There is no matching message handler defined in the remote service.',
        'kvk.company.get',
        1_000,
      ).code,
    ).toBe('service_unavailable');
  });

  it('should call a slow service a gateway timeout', () => {
    expect(toDomainError(new TimeoutError(), 'cbs.sbi.search', 250)).toMatchObject({
      code: 'gateway_timeout',
      message: 'The cbs service did not answer within 250 ms.',
    });
  });

  it('should rebuild a coded error from its payload', () => {
    const sut = toDomainError(
      { code: 'not_found', message: 'none', body: { found: false } },
      'cbs.sbi.lookup',
      1_000,
    );
    expect(sut).toBeInstanceOf(DomainError);
    expect(sut).toMatchObject({
      code: 'not_found',
      message: 'none',
      extra: { body: { found: false } },
    });
  });

  it('should not trust an unknown code or a bare error', () => {
    expect(toDomainError({ code: 'made_up', message: 'x' }, 'cbs.x', 1).code).toBe('internal');
    expect(
      toDomainError({ status: 'error', message: 'Internal server error' }, 'cbs.x', 1).code,
    ).toBe('internal');
  });
});
