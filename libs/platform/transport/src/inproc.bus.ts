/**
 * The in-process "broker": a registry of servers per bus name. Several servers on one bus act
 * like a NATS queue group (each message goes to one server that has a handler for it).
 */
export interface InProcEndpoint {
  hasHandler(subject: string): boolean;
}

const buses = new Map<string, InProcEndpoint[]>();
let turn = 0;

export const inprocBus = {
  register(bus: string, server: InProcEndpoint): void {
    buses.set(bus, [...(buses.get(bus) ?? []), server]);
  },
  unregister(bus: string, server: InProcEndpoint): void {
    const rest = (buses.get(bus) ?? []).filter((s) => s !== server);
    if (rest.length) buses.set(bus, rest);
    else buses.delete(bus);
  },
  /** One server of the bus that handles `subject`, taking turns; undefined when none does. */
  pick<T extends InProcEndpoint>(bus: string, subject: string): T | undefined {
    const candidates = (buses.get(bus) ?? []).filter((s) => s.hasHandler(subject));
    if (!candidates.length) return undefined;
    turn = (turn + 1) % candidates.length;
    return candidates[turn] as T;
  },
};

/** Read-only view of message headers, shaped like the NATS `MsgHdrs.get` the handlers use. */
export interface HeadersView {
  get(name: string): string;
}

export function headersView(values: Record<string, string>): HeadersView {
  return { get: (name) => values[name.toLowerCase()] ?? '' };
}
