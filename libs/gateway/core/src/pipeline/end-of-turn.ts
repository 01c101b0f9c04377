let turnEnd: Promise<void> | undefined;

/**
 * Resolves once the event loop has handled every socket that was ready in this turn (in its
 * check phase), shared by all who ask in the same turn. The pipeline writes its answers after
 * it, so the answers of one turn leave together instead of one between each next request's
 * work: a client on the same host (a reverse proxy, a load generator) is then woken once per
 * turn rather than once per answer. Waking another CPU's sleeping thread is costly, on a virtual
 * machine most of all: on the 2-core bench machine it took ~30% of the standalone gateway's
 * thread, and batching raised `npm run bench`'s a0 row from ~11,000 to ~15,500 req/s, p50 4 → 2 ms
 * (see docs/performance.md). An answer waits at most for the rest of its turn.
 */
export function endOfTurn(): Promise<void> {
  return (turnEnd ??= new Promise<void>((resolve) =>
    setImmediate(() => {
      turnEnd = undefined;
      resolve();
    }),
  ));
}
