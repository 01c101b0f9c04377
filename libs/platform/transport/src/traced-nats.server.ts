import { ServerNats } from '@nestjs/microservices';
import { REQUEST_ID_HEADER } from '@nl/contracts-core';
import { runWithRequestId } from '@nl/platform-logging';

type NatsMessage = Parameters<ServerNats['handleMessage']>[1];

/** NATS server that runs each handler inside the caller's request id, so service logs carry it. */
export class TracedNatsServer extends ServerNats {
  /** Subjects are plain strings: skip Nest's JSON.parse attempt (and its exception) per message. */
  override getHandlerByPattern(pattern: string) {
    return this.messageHandlers.get(pattern) ?? super.getHandlerByPattern(pattern);
  }

  override async handleMessage(channel: string, message: NatsMessage): Promise<unknown> {
    const requestId = message.headers?.get(REQUEST_ID_HEADER);
    return requestId
      ? runWithRequestId(requestId, () => super.handleMessage(channel, message))
      : super.handleMessage(channel, message);
  }
}
