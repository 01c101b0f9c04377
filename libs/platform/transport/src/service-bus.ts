import type { HealthResult } from '@nl/platform-health';
import type { Observable } from 'rxjs';

/**
 * What the {@link TransportClient} sends requests through, chosen once at module setup: NATS or
 * the in-process bus, both speaking the documented wire format (the payload is the request DTO
 * as JSON, the reply `{data, meta}` or `{error}`). The client treats both alike: it never asks
 * which one it has.
 */
export interface ServiceBus {
  /** Connection states (`connected`, `disconnected`, `reconnecting`). */
  readonly status: Observable<string>;
  /**
   * Connects: true when connected now (its status has said `connected`); false when the broker
   * does not answer yet, and it connects in the background once it does.
   */
  connectOrWait(): Promise<boolean>;
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
  /** Whether the transport is usable now (readiness). */
  health(): Promise<HealthResult>;
  /** False once the connection is gone for good and will not come back by itself (liveness). */
  alive(): boolean;
}
