/**
 * Inputs the property sandbox (test keys) answers from recorded data, and the magic inputs that
 * make an upstream misbehave there. The trigger ids start with gemeente code 0000, which no
 * municipality has, so no real address id is one of them; the suggest triggers are no address.
 */
export const PROPERTY_SANDBOX_IDS = {
  /** Europalaan 93, 3526KP Utrecht: a recorded PDOK record (no BAG or WOZ recording). */
  europalaan: '0344200000128086',
  /** Schenkeldijk 37, 3286LT Klaaswaal: a recorded BAG answer (no PDOK recording). */
  klaaswaal: '0611200000608342',
  /** Hekoord 6, 4824LP Breda: a recorded WOZ answer (no PDOK recording). */
  hekoord: '0758200000010265',
  /** Any id the recordings lack is unknown: 404. */
  unknown: '0000200000000404',
  /** PDOK Locatieserver times out. */
  pdokTimeout: '0000200000005040',
  /** PDOK Locatieserver cannot be reached. */
  pdokDown: '0000200000005030',
  /** The BAG API answers 429. */
  bagRateLimited: '0000200000014290',
  /** The WOZ source answers 429. */
  wozRateLimited: '0000200000024290',
  /** The WOZ source times out. */
  wozTimeout: '0000200000025040',
  /** Suggest texts: PDOK times out, or cannot be reached. */
  suggestTimeout: 'sandbox-timeout',
  suggestDown: 'sandbox-down',
} as const;
