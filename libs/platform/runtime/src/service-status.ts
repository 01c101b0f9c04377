import type { Server } from '@nestjs/microservices';
import { statusSubject, type DatasetStatus, type ServiceStatus } from '@nl/contracts-core';
import { importAgeSeconds } from '@nl/platform-dataset';
import type { HealthRegistry } from '@nl/platform-health';

/** Upstreams register their health as `upstream:<name>`, `configured: false` while unset. */
const UPSTREAM_CHECK = /^upstream:(.+)$/;

type Circuit = NonNullable<ServiceStatus['circuits']>[string];
const CIRCUITS: readonly unknown[] = ['closed', 'half-open', 'open'] satisfies Circuit[];

/** When a dataset's version was last current: its install, or a later refresh that found it so. */
function updatedAt(stats: Record<string, unknown>): string | null {
  const age = importAgeSeconds(stats);
  return age === null ? null : new Date(Date.now() - age * 1000).toISOString();
}

async function statusOf(server: Server, health: HealthRegistry): Promise<ServiceStatus> {
  const subjects = [...server.getHandlers().keys()].filter((s) => !s.endsWith('.status'));
  const upstreams: Record<string, boolean> = {};
  const circuits: Record<string, Circuit> = {};
  for (const name of health.names()) {
    const upstream = UPSTREAM_CHECK.exec(name)?.[1];
    if (!upstream) continue;
    const result = await health.checkOne(name);
    upstreams[upstream] = result?.configured !== false;
    if (CIRCUITS.includes(result?.circuit)) circuits[upstream] = result?.circuit as Circuit;
  }
  const datasets: DatasetStatus[] = [];
  for (const name of health.names('dataset')) {
    const stats: Record<string, unknown> = (await health.checkOne(name)) ?? {};
    const version = typeof stats.version === 'string' ? stats.version : null;
    datasets.push({ name, version, updatedAt: updatedAt(stats) });
  }
  return { subjects, upstreams, circuits, datasets };
}

/**
 * Answers `<queue>.status` for each domain the process runs (one in a service, all of them in
 * the standalone process) with the subjects it handles and which of its upstreams are
 * configured, so the gateway can say which endpoints are served without calling them.
 */
export function serveStatus(
  server: Server,
  queues: readonly string[],
  health: HealthRegistry,
): void {
  for (const queue of queues)
    server.addHandler(statusSubject(queue), () => statusOf(server, health));
}
