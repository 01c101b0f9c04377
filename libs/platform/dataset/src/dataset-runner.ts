import { sampledGauge, type HealthRegistry } from '@nl/platform-health';
import type { Logger } from '@nl/platform-logging';
import type { DatasetFile, LoadResult } from './dataset.js';
import type { RefreshableDataset } from './table-dataset.js';

const importAge = sampledGauge({
  name: 'dataset_import_age_seconds',
  help: 'Seconds since the dataset was last imported successfully: its version in use was installed, or a refresh found it current.',
  labelNames: ['dataset'] as const,
});

/**
 * Seconds since the later of the version's install (`loadedAt`) and the last refresh that
 * succeeded (`lastRefresh.lastOkAt`, also when the source had not changed); null before a load.
 */
export function importAgeSeconds(stats: Record<string, unknown>, now = Date.now()): number | null {
  const loadedAt = typeof stats.loadedAt === 'string' ? Date.parse(stats.loadedAt) : NaN;
  if (Number.isNaN(loadedAt)) return null;
  const lastOkAt = Date.parse(String((stats.lastRefresh as { lastOkAt?: string })?.lastOkAt));
  const since = Number.isNaN(lastOkAt) ? loadedAt : Math.max(loadedAt, lastOkAt);
  return Math.max(0, Math.round((now - since) / 1000));
}

/**
 * Puts a dataset's size, version, age and last refresh into `/health/ready`, and its import
 * age into the `dataset_import_age_seconds` gauge.
 */
export function registerDatasetHealth(
  health: HealthRegistry,
  dataset: Pick<RefreshableDataset, 'name' | 'stats'>,
): void {
  health.register({
    name: dataset.name,
    kind: 'dataset',
    check: () => Promise.resolve({ status: 'up', ...dataset.stats() }),
  });
  importAge.track(dataset.name, dataset, (source) => {
    const age = importAgeSeconds(source.stats());
    return age === null ? null : { labels: { dataset: source.name }, value: age };
  });
}

/** A refresh with one log line for what happened: changed, unchanged, or kept after a failure. */
export async function refreshLogged(
  dataset: RefreshableDataset,
  files: readonly DatasetFile[],
  logger: Logger,
): Promise<LoadResult> {
  const result = await dataset.refresh(files);
  const fields = { dataset: dataset.name, ...result };
  if (!result.ok)
    logger.warn(fields, `${dataset.name} refresh failed; keeping the current version`);
  else if (result.changed) logger.info(fields, `${dataset.name} refreshed`);
  else logger.debug(fields, `${dataset.name} unchanged`);
  return result;
}

/**
 * Refreshes `firstAfterMs` after the start (default: one interval), then every `everyMs`, until
 * the returned stop function is called; the timers do not keep the process alive. A short first
 * delay lets a process that restarts more often than the interval still refresh. Without files
 * it does nothing.
 */
export function refreshEvery(
  dataset: RefreshableDataset,
  files: readonly DatasetFile[],
  everyMs: number,
  logger: Logger,
  firstAfterMs = everyMs,
): () => void {
  if (files.length === 0) return () => undefined;
  const refresh = () => void refreshLogged(dataset, files, logger);
  let interval: NodeJS.Timeout | undefined;
  const first = setTimeout(() => {
    refresh();
    interval = setInterval(refresh, everyMs);
    interval.unref();
  }, firstAfterMs);
  first.unref();
  return () => {
    clearTimeout(first);
    clearInterval(interval);
  };
}
