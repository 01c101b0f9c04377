/** The registers a property answer is read from, by the names `meta.source` gives them. */
export type Register = 'pdok' | 'bag' | 'ep-online' | 'woz' | 'ruimtelijke-plannen';

/** The registers that answered, in order: `meta.source` joins them with `+` (`pdok+woz`). */
export type Registers = readonly Register[];

/** The registers of `candidates` that answered (a value, not null), in order. */
export function answered(candidates: Readonly<Partial<Record<Register, unknown>>>): Register[] {
  return (Object.keys(candidates) as Register[]).filter((name) => candidates[name]);
}

/** `meta.source` of an answer: its registers joined with `+`. */
export const sourceOf = (registers: Registers): string => registers.join('+');
