import { defineConfigSection } from '@nl/platform-config';

/** One imported NDW file: where a refresh downloads it and how often. */
export interface NdwFeed {
  /** null (`off`): the shipped snapshot (or what the database holds) is served, never refreshed. */
  readonly url: string | null;
  readonly everySeconds: number;
}

export interface NdwSettings {
  readonly chargePoints: NdwFeed;
  readonly truckParkingTable: NdwFeed;
  readonly truckParkingStatus: NdwFeed;
  readonly emissionZones: NdwFeed;
  /** A site whose occupancy is older than this is marked `occupancy_stale: true`. */
  readonly staleStatusSeconds: number;
}

const feed = (name: string, what: string, url: string) => ({
  name: `NDW_${name}_URL`,
  description: `NDW open-data file of ${what} (no key, CC0; gzip or plain). \`off\`: the shipped snapshot is served and never refreshed.`,
  default: url,
  upstream: 'http' as const,
});

const every = (name: string, what: string, seconds: number) => ({
  name: `NDW_${name}_REFRESH_SECONDS`,
  description: `Seconds between two refreshes of ${what} (a conditional GET: an unchanged file costs a 304).`,
  default: String(seconds),
});

/** What the ndw service reads from the environment; no other process loads it. */
export const NDW_CONFIG = defineConfigSection<NdwSettings>(
  'ndw',
  [
    feed(
      'CHARGEPOINTS',
      'EV charge points (OCPI 2.2.1 locations, ~80k, ~18 MB gz)',
      'https://opendata.ndw.nu/charging_point_locations_ocpi.json.gz',
    ),
    every('CHARGEPOINTS', 'the charge points', 900),
    feed(
      'TRUCKPARKING_TABLE',
      'truck parking sites (DATEX II parking table)',
      'https://opendata.ndw.nu/Truckparking_Parking_Table.xml',
    ),
    every('TRUCKPARKING_TABLE', 'the truck parking sites', 86_400),
    feed(
      'TRUCKPARKING_STATUS',
      'truck parking occupancy (DATEX II parking status, ~1 minute fresh)',
      'https://opendata.ndw.nu/Truckparking_Parking_Status.xml',
    ),
    every('TRUCKPARKING_STATUS', 'the truck parking occupancy', 60),
    feed(
      'EMISSIONZONES',
      'emission zones (DATEX II v3 controlled zones)',
      'https://opendata.ndw.nu/emissiezones.xml.gz',
    ),
    every('EMISSIONZONES', 'the emission zones', 86_400),
    {
      name: 'NDW_STALE_STATUS_SECONDS',
      description:
        'A truck parking site whose published occupancy (parkingStatusOriginTime) is older than this is answered with `occupancy_stale: true`.',
      default: '900',
    },
  ],
  (read) => {
    const f = (name: string): NdwFeed => ({
      url: read.url(`NDW_${name}_URL`),
      everySeconds: read.number(`NDW_${name}_REFRESH_SECONDS`, 10, 7 * 86_400),
    });
    return {
      chargePoints: f('CHARGEPOINTS'),
      truckParkingTable: f('TRUCKPARKING_TABLE'),
      truckParkingStatus: f('TRUCKPARKING_STATUS'),
      emissionZones: f('EMISSIONZONES'),
      staleStatusSeconds: read.number('NDW_STALE_STATUS_SECONDS', 60, 7 * 86_400),
    };
  },
);
