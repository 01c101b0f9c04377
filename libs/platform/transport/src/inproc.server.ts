import {
  NatsContext,
  Server,
  type CustomTransportStrategy,
  type WritePacket,
} from '@nestjs/microservices';
import { EmptyError, firstValueFrom, isObservable } from 'rxjs';
import { runForMessage } from './request-headers.js';
import { headersView, inprocBus, type InProcEndpoint } from './inproc.bus.js';
import { wireCopy } from './wire-copy.js';

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

  /**
   * Handles one request for {@link InProcClient.call}, whose `message` is the client's copy
   * already (one copy per message, as the wire makes): resolves with the first reply, rejects
   * with the error, each copied as its reply packet would be. What a subscriber of the packets
   * of {@link dispatch} sees, without the streams: no handler is the same error text, and a
   * handler that answers nothing (or `undefined`) ends in rxjs's `EmptyError`. (Nest's
   * processing hooks are not run: nothing in this code base sets them.)
   */
  async call(subject: string, message: unknown, headers: Record<string, string>): Promise<unknown> {
    const handler = this.getHandlerByPattern(subject);
    // The wire's error packet for it is this text, not an Error.
    if (!handler) throw NO_MESSAGE_HANDLER;
    const context = new NatsContext([subject, headersView(headers)]);
    let reply: unknown;
    try {
      const result: unknown = await runForMessage(
        (name) => headers[name],
        () => handler(message, context),
      );
      reply = isObservable(result) ? await firstValueFrom(result) : result;
    } catch (error) {
      if (error instanceof EmptyError) throw error;
      const { err } = wireCopy({ err: error });
      throw err || new EmptyError();
    }
    const { response } = wireCopy({ response: reply });
    if (response === undefined) throw new EmptyError();
    return response;
  }

  on(): void {
    // The in-process bus has no connection events.
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }
}
