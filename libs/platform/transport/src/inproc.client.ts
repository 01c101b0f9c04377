import { ClientProxy, NatsRecord, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { inprocBus, wireCopy } from './inproc.bus.js';
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
