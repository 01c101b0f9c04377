/** Transport subjects of the rdw service; the only place these strings are written. */
export const RDW_SUBJECTS = {
  vehicleLite: 'rdw.vehicle.lite',
  vehicleFull: 'rdw.vehicle.full',
} as const;

/** Queue group of the rdw service: replicas share the work. */
export const RDW_QUEUE = 'rdw';
