import {
  currentRequestId,
  outsideRequest,
  requestScope,
  runInRequest,
  runWithRequestId,
} from './request-context.js';
import { LIVE, SANDBOX } from './request-scope.js';

describe('request context', () => {
  it('should give the id and scope of the request the code runs for', async () => {
    expect(currentRequestId()).toBeUndefined();
    expect(requestScope()).toBe(LIVE);
    await runInRequest({ requestId: 'req-1', sandbox: true }, async () => {
      await new Promise((r) => setImmediate(r));
      expect(currentRequestId()).toBe('req-1');
      expect(requestScope()).toBe(SANDBOX);
    });
    runWithRequestId('req-2', () => expect(requestScope()).toBe(LIVE));
  });

  it('should run code outside the request when asked', () => {
    runWithRequestId('req-1', () => {
      outsideRequest(() => expect(currentRequestId()).toBeUndefined());
      expect(currentRequestId()).toBe('req-1');
    });
  });
});
