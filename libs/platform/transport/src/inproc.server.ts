import { Server, type CustomTransportStrategy } from '@nestjs/microservices';
import type { HealthResult } from '@nl/platform-health';
import type { Logger } from '@nl/platform-logging';
import { headersView, inprocBus, type InProcEndpoint } from './inproc.bus.js';
import { answerMessage, errorReply, failure } from './service-message.js';
import type { ServiceServer } from './service-transport.js';
import { wireCopy } from './wire-copy.js';

/**
 * In-process transport server for the standalone profile: runs the same `@MessagePattern`
 * handlers as NATS and answers the same reply messages (`{data, meta}` or `{error}`), each a
 * JSON copy as the wire makes.
 */
export class InProcServer
  extends Server
  implements CustomTransportStrategy, InProcEndpoint, ServiceServer
{
  constructor(
    private readonly bus: string,
    private readonly log?: Logger,
  ) {
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

  /**
   * Answers one request of {@link InProcClient.call}, whose `message` is the client's copy
   * already (one copy per message, as the wire makes): the reply message, copied as the wire
   * copies it. Header names are lower case, as on the wire.
   */
  async call(subject: string, message: unknown, headers: Record<string, string>): Promise<unknown> {
    const get = (name: string) => headers[name] || undefined;
    const reply = await answerMessage(
      this,
      subject,
      () => message,
      get,
      headersView(headers),
      this.log,
    );
    try {
      return wireCopy(reply);
    } catch (error) {
      return errorReply(failure(error, subject, this.log));
    }
  }

  async health(): Promise<HealthResult> {
    return { status: 'up', kind: 'in-process' };
  }

  /** The bus is this process: it cannot be lost. */
  alive(): boolean {
    return true;
  }

  on(): void {
    // The in-process bus has no connection events.
  }

  unwrap<T>(): T {
    return this as unknown as T;
  }
}
