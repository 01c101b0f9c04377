import type { UpstreamRequest, UpstreamResponse } from './upstream-client.js';
import { UpstreamError, type UpstreamFailure } from './upstream-error.js';

/** How the upstream answered a request when it was recorded. */
export interface RecordedReply {
  /** Default 200. */
  readonly status?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON-shaped data as the upstream sent it. */
  readonly body?: unknown;
}

/** The upstream gave no answer at all: it timed out or could not be reached. */
export interface RecordedFailure {
  readonly fail: Exclude<UpstreamFailure, 'circuit_open'>;
}

export type RecordedAnswer = RecordedReply | RecordedFailure;

export const isRecordedFailure = (answer: RecordedAnswer): answer is RecordedFailure =>
  'fail' in answer;

/**
 * An upstream's recorded data, shipped with the domain (real recorded rows, provenance beside
 * them): answers any request the way the upstream answered it, including the documented
 * failure triggers. The sandbox answers test-key calls from it, and the fakes in
 * `libs/testing` serve the same recording over HTTP, so there is one copy of each.
 */
export interface Recording {
  /** The upstream's short name, as registered (`rdw`, `vies`, …). */
  readonly upstream: string;
  answer(request: UpstreamRequest): RecordedAnswer;
}

/** The recorded implementation of an upstream: no network, no waiting, same answer shapes. */
export class RecordedUpstream {
  constructor(private readonly recording: Recording) {}

  request<T = unknown>(request: UpstreamRequest): Promise<UpstreamResponse<T>> {
    const answer = this.recording.answer(request);
    const name = this.recording.upstream;
    if (isRecordedFailure(answer))
      return Promise.reject(
        new UpstreamError(
          name,
          answer.fail,
          answer.fail === 'timeout'
            ? `${name} did not answer in time (sandbox trigger)`
            : `${name} could not be reached (sandbox trigger)`,
        ),
      );
    return Promise.resolve({
      status: answer.status ?? 200,
      headers: new Headers({ 'content-type': 'application/json', ...answer.headers }),
      body: answer.body as T,
      ms: 0,
      attempts: 1,
    });
  }
}
