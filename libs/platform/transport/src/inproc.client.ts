import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import type { HealthResult } from '@nl/platform-health';
import { Subject, TimeoutError } from 'rxjs';
import { inprocBus } from './inproc.bus.js';
import type { InProcServer } from './inproc.server.js';
import type { ServiceBus } from './service-bus.js';
import { wireCopy } from './wire-copy.js';

/**
 * Client half of the in-process transport. Calls are asynchronous (never inside the caller's
 * stack), the message and the reply are copied through JSON, and a subject nobody handles fails
 * with the same `EmptyResponseException` as NATS "no responders".
 */
export class InProcClient implements ServiceBus {
  private readonly states = new Subject<string>();
  /** The bus is this process: connected once asked to, never down. */
  readonly status = this.states.asObservable();

  constructor(private readonly bus: string) {}

  async connectOrWait(): Promise<boolean> {
    this.states.next('connected');
    return true;
  }

  async health(): Promise<HealthResult> {
    return { status: 'up', kind: 'in-process' };
  }

  alive(): boolean {
    return true;
  }

  close(): void {
    // Nothing to close: servers leave the bus when their app closes.
  }

  /**
   * One request: resolves with the reply message (`{data, meta}` or `{error}`) as NATS
   * delivers it, rejects with `EmptyResponseException` when nobody handles `subject` and with
   * rxjs's `TimeoutError` once `timeoutMs` passes. Header names are lower case, as on the wire.
   */
  call(
    subject: string,
    data: unknown,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<unknown> {
    let message: unknown;
    try {
      // Copied now, as the wire serialises a message when it is sent.
      message = wireCopy(data);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        reject(new TimeoutError());
      }, timeoutMs);
      const settle = (ok: boolean, value: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (ok) resolve(value);
        else reject(value);
      };
      // Never inside the caller's stack, as a message on the wire is not.
      queueMicrotask(() => {
        const server = inprocBus.pick<InProcServer>(this.bus, subject);
        if (!server) {
          settle(false, new EmptyResponseException(subject));
          return;
        }
        server.call(subject, message, headers).then(
          (reply) => settle(true, reply),
          (error: unknown) => settle(false, error),
        );
      });
    });
  }
}
