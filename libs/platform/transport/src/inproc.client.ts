import { ClientProxy, NatsRecord, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { TimeoutError } from 'rxjs';
import { inprocBus } from './inproc.bus.js';
import { wireCopy } from './wire-copy.js';
import type { InProcServer } from './inproc.server.js';

function headerMap(record: NatsRecord): Record<string, string> {
  const out: Record<string, string> = {};
  const headers = record.headers as { keys(): string[]; get(k: string): string } | undefined;
  if (!headers) return out;
  for (const key of headers.keys()) out[key.toLowerCase()] = headers.get(key);
  return out;
}

/**
 * Client half of the in-process transport. Calls are asynchronous (never inside the caller's
 * stack), payloads are copied through JSON, and a subject nobody handles fails with the same
 * `EmptyResponseException` as NATS "no responders".
 */
export class InProcClient extends ClientProxy {
  constructor(private readonly bus: string) {
    super();
  }

  /** Nothing to connect: the bus is this process. */
  async connect(): Promise<void> {
    return undefined;
  }

  close(): void {
    // Nothing to close: servers leave the bus when their app closes.
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }

  /**
   * One request without Nest's reply streams (the gateway's hot path): the same copies, the
   * same `EmptyResponseException` when nobody handles `subject`, the same reply or error as
   * `send(...).pipe(timeout(timeoutMs))` would give its first subscriber, and rxjs's
   * `TimeoutError` once `timeoutMs` passes. Header names are lower case, as on the wire.
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

  protected publish(partial: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partial);
    const subject = this.normalizePattern(packet.pattern);
    const record =
      packet.data instanceof NatsRecord ? packet.data : new NatsRecord(packet.data, undefined);
    let active = true;
    queueMicrotask(() => {
      const server = inprocBus.pick<InProcServer>(this.bus, subject);
      if (!server) {
        if (active) callback({ err: new EmptyResponseException(subject), isDisposed: true });
        return;
      }
      server.dispatch(subject, wireCopy(record.data), headerMap(record), (reply) => {
        if (active) callback(reply);
      });
    });
    return () => {
      active = false;
    };
  }

  protected async dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    const subject = this.normalizePattern(packet.pattern);
    const server = inprocBus.pick<InProcServer>(this.bus, subject);
    return (await server?.handleEvent(
      subject,
      { pattern: subject, data: wireCopy(packet.data) },
      undefined as never,
    )) as T;
  }
}
