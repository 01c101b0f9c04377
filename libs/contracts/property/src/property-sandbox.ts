/**
 * Inputs the property sandbox (test keys) answers from recorded data, and the magic inputs that
 * make an upstream misbehave there. The trigger ids start with gemeente code 0000, which no
 * municipality has, so no real address id is one of them; the suggest triggers are no address.
 */
export const PROPERTY_SANDBOX_IDS = {
  /**
   * Europalaan 93, 3526KP Utrecht: a recorded PDOK record; its BAG, WOZ, EP-Online and plan
   * answers in the sandbox are ILLUSTRATIVE (real shapes, made-up values; see PROVENANCE.md).
   */
  europalaan: '0344200000128086',
  /** Europalaan 93's verblijfsobject. */
  europalaanVbo: '0344010000006589',
  /** Witte de Withstraat 42A, Rotterdam: a real (summary) EP-Online record. */
  witteDeWithVbo: '0599010000295420',
  /** Bolstraat 1, 3581WS Utrecht (recorded PDOK record): EP-Online times out on its object. */
  bolstraatVbo: '0344010000158578',
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

/**
 * Sandbox inputs of the address-based endpoints (pandgegevens, dso/plans). Postcode 9999ZZ is
 * not handed out; its house numbers 503 and 504 make PDOK fail, any other is an unknown address.
 */
export const PROPERTY_SANDBOX_ADDRESSES = {
  europalaan: { postcode: '3526KP', house_number: 93 },
  bolstraat: { postcode: '3581WS', house_number: 1 },
  unknown: { postcode: '9999ZZ', house_number: 1 },
  pdokDown: { postcode: '9999ZZ', house_number: 503 },
  pdokTimeout: { postcode: '9999ZZ', house_number: 504 },
} as const;

/** Sandbox points of `GET /v1/dso/plans` (WGS84): plans at Europalaan 93, and two triggers. */
export const PLANS_SANDBOX_POINTS = {
  /** Europalaan 93, as PDOK gives its centroid: the illustrative plan of the recording. */
  europalaan: { lat: 52.06415055, lon: 5.10696041 },
  /** The plans API does not answer in time. */
  timeout: { lat: 52, lon: 5 },
  /** The plans API cannot be reached. */
  down: { lat: 52.5, lon: 5.5 },
} as const;

/**
 * Sandbox points of `GET /v1/kadaster/bag/nearby` (WGS84): beside Europalaan 93, where the
 * recording knows three addresses, and two triggers that make PDOK fail.
 */
export const NEARBY_SANDBOX_POINTS = {
  /** A few metres from Europalaan 93: it, and its ILLUSTRATIVE neighbours 95 and 91. */
  europalaan: { lat: 52.0642, lon: 5.107 },
  /** PDOK Locatieserver does not answer in time. */
  timeout: { lat: 52.1, lon: 5.1 },
  /** PDOK Locatieserver cannot be reached. */
  down: { lat: 52.2, lon: 5.2 },
} as const;
