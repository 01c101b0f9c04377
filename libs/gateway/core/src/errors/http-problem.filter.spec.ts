import { jest } from '@jest/globals';
import type { ArgumentsHost } from '@nestjs/common';
import type { OutageMonitor } from '@nl/platform-health';
import { createLogger } from '@nl/platform-logging';
import { HttpProblemFilter } from './http-problem.filter.js';

/** What Node's HTTP server reports when a client closes the connection mid-body. */
const aborted = () => Object.assign(new Error('aborted'), { code: 'ECONNRESET' });

function setup() {
  const mocks = { outages: { report: jest.fn() } };
  const sut = new HttpProblemFilter(
    createLogger({ service: 'test', level: 'silent' }),
    mocks.outages as unknown as OutageMonitor,
  );
  return { sut, mocks };
}

function hostOf(readableAborted: boolean) {
  const send = jest.fn(async () => undefined);
  const reply = {
    getHeader: () => 'req-1',
    header: () => reply,
    code: () => reply,
    send,
  };
  const request = { method: 'POST', url: '/v1/validate/vat', raw: { readableAborted } };
  const host = {
    getType: () => 'http',
    switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }),
  } as unknown as ArgumentsHost;
  return { host, send };
}

describe(HttpProblemFilter.name, () => {
  describe('toDomainError', () => {
    it('should report a database that cannot be reached as an outage', () => {
      const { sut, mocks } = setup();
      const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
        code: 'ECONNREFUSED',
      });
      expect(sut.toDomainError(refused).code).toBe('database_unavailable');
      expect(mocks.outages.report).toHaveBeenCalledWith('database', refused);
    });

    it('should take an error with an HTTP status for the request’s own, never an outage', () => {
      const { sut, mocks } = setup();
      // Fastify gives a failed body read the status 400, whatever the stream's error was.
      const error = Object.assign(aborted(), { statusCode: 400 });
      expect(sut.toDomainError(error).code).toBe('bad_request');
      expect(mocks.outages.report).not.toHaveBeenCalled();
    });
  });

  describe('catch', () => {
    it('should send nothing and report no outage for a client that went away mid-request', async () => {
      const { sut, mocks } = setup();
      const { host, send } = hostOf(true);
      await sut.catch(Object.assign(aborted(), { statusCode: 400 }), host);
      expect(send).not.toHaveBeenCalled();
      expect(mocks.outages.report).not.toHaveBeenCalled();
    });

    it('should answer a body that could not be read from a client still there with 400', async () => {
      const { sut } = setup();
      const { host, send } = hostOf(false);
      await sut.catch(Object.assign(new Error('bad'), { statusCode: 400 }), host);
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
    });
  });
});
