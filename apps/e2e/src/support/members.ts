/** JSON kinds a member may have; a timestamp is an ISO date-time string. */
export type Kind =
  'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'null' | 'timestamp';

export function kindOf(value: unknown): Kind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string')
    return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(value) ? 'timestamp' : 'string';
  return typeof value === 'boolean' ? 'boolean' : 'object';
}

/** Every listed member present with one of its types (a timestamp is also a string). */
export function walk(body: Record<string, unknown>, members: Record<string, Kind[]>): void {
  for (const [name, kinds] of Object.entries(members)) {
    expect({ name, present: name in body }).toEqual({ name, present: true });
    const kind = kindOf(body[name]);
    expect({ name, kind: kinds.includes(kind) ? kinds[0] : kind }).toEqual({
      name,
      kind: kinds[0],
    });
  }
}
