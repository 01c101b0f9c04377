import type { ReplyEnvelope } from '@nl/contracts-core';
import type { Cached } from './domain-cache.js';

/**
 * The envelope every service answers with: the data, and where it came from (`source`), how
 * (`cache`: miss, hit or stale) and when it was fetched. Answers that are not cached pass
 * `state: 'miss'` and the moment their data was read.
 */
export function replyEnvelope<T>(source: string, answer: Cached<T>): ReplyEnvelope<T> {
  return {
    data: answer.value,
    meta: { cache: answer.state, fetchedAt: answer.fetchedAt, source },
  };
}
