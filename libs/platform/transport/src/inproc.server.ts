import {
  NatsContext,
  Server,
  type CustomTransportStrategy,
  type WritePacket,
} from '@nestjs/microservices';
import { runForMessage } from './request-headers.js';
import { headersView, inprocBus, wireCopy, type InProcEndpoint } from './inproc.bus.js';

const NO_MESSAGE_HANDLER = 'There is no matching message handler defined in the remote service.';

/**
 * In-process transport server for the standalone profile: runs the same `@MessagePattern`
 * handlers as NATS, with the same reply packets and the same JSON copy of every message.
 */
export class InProcServer extends Server implements CustomTransportStrategy, InProcEndpoint {
  constructor(private readonly bus: string) {
    super();
  }

  listen(callback: () => void): void {
    inprocBus.register(this.bus, this);
    callback();
  }

  close(): void {
    inprocBus.unregister(this.bus, this);
  }

  /** Subjects are plain strings: skip Nest's JSON.parse attempt (and its exception) per message. */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  hasHandler(subject: string): boolean {
    return this.messageHandlers.has(subject);
  }

  /** Handles one request; `respond` gets the reply packets exactly as a NATS client would. */
  dispatch(
    subject: string,
    data: unknown,
    headers: Record<string, string>,
    respond: (packet: WritePacket) => void,
  ): void {
    const handler = this.getHandlerByPattern(subject);
    if (!handler) {
      respond({ err: NO_MESSAGE_HANDLER, isDisposed: true });
      return;
    }
    const context = new NatsContext([subject, headersView(headers)]);
    const run = () =>
      this.handleRequest(
        context,
        async () => this.transformToObservable(await handler(wireCopy(data), context)),
        (packet) => respond(wireCopy(packet)),
      );
    runForMessage((name) => headers[name], run);
  }

  on(): void {
    // The in-process bus has no connection events.
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }
}
