import type { Observable } from 'rxjs';

/**
 * What the {@link TransportClient} sends requests through: NATS or the in-process bus, both
 * speaking the documented wire format (the payload is the request DTO as JSON, the reply
 * `{data, meta}` or `{error}`).
 */
export interface ServiceBus {
  /** Connection states (`connected`, `disconnected`, `reconnecting`); none for the bus. */
  readonly status: Observable<string>;
  connect(): Promise<unknown>;
  close(): unknown;
  /**
   * One request: resolves with the reply message, parsed; rejects with `EmptyResponseException`
   * when nobody serves `subject`, rxjs's `TimeoutError` when no reply came within `timeoutMs`,
   * or the transport's error when the connection is down.
   */
  call(
    subject: string,
    payload: unknown,
    headers: Record<string, string>,
    timeoutMs: number,
  ): Promise<unknown>;
}
