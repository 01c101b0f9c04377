import type { Server } from '@nestjs/microservices';
import { statusSubject, type ServiceStatus } from '@nl/contracts-core';
import type { HealthRegistry } from '@nl/platform-health';

/** Upstreams register their health as `upstream:<name>`, `configured: false` while unset. */
const UPSTREAM_CHECK = /^upstream:(.+)$/;

async function statusOf(server: Server, health: HealthRegistry): Promise<ServiceStatus> {
  const subjects = [...server.getHandlers().keys()].filter((s) => !s.endsWith('.status'));
  const upstreams: Record<string, boolean> = {};
  for (const name of health.names()) {
    const upstream = UPSTREAM_CHECK.exec(name)?.[1];
    if (upstream) upstreams[upstream] = (await health.checkOne(name))?.configured !== false;
  }
  return { subjects, upstreams };
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
