/**
 * The request ids of batch items start with this (`bat-<job>:<item>`). A batch item's
 * reservation is made when its job is taken and may stay open for as long as the job runs, so
 * the sweep of dead requests' reservations leaves these alone: the batch worker closes each one,
 * and its upkeep releases those no pending item holds any more.
 */
export const BATCH_REQUEST_PREFIX = 'bat-';

export function heldForBatch(requestId: string): boolean {
  return requestId.startsWith(BATCH_REQUEST_PREFIX);
}
