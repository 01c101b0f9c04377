import { Injectable } from '@nestjs/common';
import type { Type } from '@nestjs/common';
import type { ReplyEnvelope } from '@nl/contracts-core';
import { currentRequestId, requestScope } from '@nl/platform-context';
import { randomUUID } from 'node:crypto';
import { TransportClient } from './transport.client.js';

/** What a call needs of a catalog row: its subject and timeout, and its DTO classes for types. */
export interface ServiceEndpoint {
  readonly subject: string;
  readonly timeoutMs: number;
  readonly request?: Type<object>;
  readonly response?: Type<object>;
}

/** The payload a catalog row's service takes: an instance of its request DTO (plain data). */
export type RequestOf<E> = E extends { readonly request: Type<infer R> }
  ? R
  : Record<string, never>;
/** The `data` its service answers with: an instance of its response DTO. */
export type ReplyOf<E> = E extends { readonly response: Type<infer R> } ? R : unknown;

export interface CallOptions {
  /** Default: the request id of the current request, else a new one. */
  readonly requestId?: string;
  /** Default: the catalog row's timeout. */
  readonly timeoutMs?: number;
  /** Default: whether the current request is a sandbox (test-key) call. */
  readonly sandbox?: boolean;
  /** Default: whether the current request asked not to be answered from a cache. */
  readonly cacheBypass?: boolean;
}

/**
 * The typed client of the domain services: call any subject of the catalog by its row, e.g.
 * `client.call(VAT_CHECK_ENDPOINT, { vat_number: 'NL…' })` → `ReplyEnvelope<VatValidationResponse>`,
 * with the row's timeout, and the current request's id and sandbox flag carried along. Every
 * failure is a `DomainError` (see {@link TransportClient}). The gateway forwards every public
 * call through it, and a service calling another service (kvk → validation) uses it too; the
 * subjects and message shapes are published in `asyncapi.json`.
 */
@Injectable()
export class ServiceClient {
  constructor(private readonly transport: TransportClient) {}

  call<E extends ServiceEndpoint>(
    endpoint: E,
    payload: RequestOf<E>,
    options: CallOptions = {},
  ): Promise<ReplyEnvelope<ReplyOf<E>>> {
    return this.transport.request<ReplyOf<E>>(endpoint.subject, payload, {
      requestId: options.requestId ?? currentRequestId() ?? randomUUID(),
      timeoutMs: options.timeoutMs ?? endpoint.timeoutMs,
      sandbox: options.sandbox ?? requestScope().sandbox,
      cacheBypass: options.cacheBypass ?? requestScope().bypassCache,
    });
  }
}
