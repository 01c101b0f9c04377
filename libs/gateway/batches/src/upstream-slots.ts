import type { EndpointDefinition } from '@nl/contracts-core';

/**
 * Which upstream an item of a job waits its turn for: VIES per member state (the first two
 * letters of the VAT number), else the endpoint's first upstream, else its domain.
 */
export function slotKeyOf(endpoint: EndpointDefinition, params: Record<string, unknown>): string {
  const upstream = endpoint.upstreams?.[0] ?? endpoint.domain;
  if (upstream === 'vies' && typeof params.vat_number === 'string')
    return `vies:${params.vat_number.replace(/\s/g, '').slice(0, 2).toUpperCase()}`;
  return upstream;
}

/**
 * At most so many items under way at once per upstream (the limit of `vies` holds for each
 * `vies:<state>`): a batch takes its share of an upstream and leaves the rest to interactive
 * calls. The limits are per process; a wait is first come, first served.
 */
export class UpstreamSlots {
  private readonly busy = new Map<string, number>();
  private readonly queues = new Map<string, (() => void)[]>();

  constructor(private readonly limits: Readonly<Record<string, number>>) {}

  limitOf(key: string): number {
    return this.limits[key] ?? this.limits[key.split(':')[0]] ?? this.limits.default ?? 4;
  }

  /** Waits for a free slot of `key`; call what it returns when the item is done. */
  async take(key: string): Promise<() => void> {
    const busy = this.busy.get(key) ?? 0;
    if (busy < this.limitOf(key)) this.busy.set(key, busy + 1);
    else await new Promise<void>((resolve) => this.queueOf(key).push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.give(key);
    };
  }

  private queueOf(key: string): (() => void)[] {
    let queue = this.queues.get(key);
    if (!queue) this.queues.set(key, (queue = []));
    return queue;
  }

  /** A slot freed goes straight to the next in line (the count stays), or is counted free. */
  private give(key: string): void {
    const next = this.queues.get(key)?.shift();
    if (next) return next();
    if (this.queues.get(key)?.length === 0) this.queues.delete(key);
    const busy = (this.busy.get(key) ?? 1) - 1;
    if (busy > 0) this.busy.set(key, busy);
    else this.busy.delete(key);
  }
}
