/** Transport subjects of the ndw service; the only place these strings are written. */
export const NDW_SUBJECTS = {
  chargePoints: 'ndw.chargepoints.list',
  truckParkingList: 'ndw.truckparking.list',
  truckParkingGet: 'ndw.truckparking.get',
  emissionZonesList: 'ndw.emissionzones.list',
  emissionZonesGet: 'ndw.emissionzones.get',
  emissionZoneAccess: 'ndw.emissionzones.access',
} as const;

/** Queue group of the ndw service: replicas share the work. */
export const NDW_QUEUE = 'ndw';
