import type { Reservation } from './credit-backend.js';

/** An open reservation in the embedded profile; `day` is the UTC day its key's spend counts it on. */
export interface Hold extends Reservation {
  readonly at: Date;
  readonly day: string;
}

/** A reservation settled or released here, waiting for the group commit that writes it. */
export interface Closing {
  readonly hold: Hold;
  readonly kind: 'settle' | 'release';
  readonly charged: number;
  readonly at: Date;
}
