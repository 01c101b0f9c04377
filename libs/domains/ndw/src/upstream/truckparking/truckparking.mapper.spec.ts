import { readFileSync } from 'node:fs';
import { toTruckParkingSites, toTruckParkingStatuses } from './truckparking.mapper.js';
import { parseXml } from '@nl/platform-dataset';

const shipped = (file: string) =>
  parseXml(readFileSync(new URL(`../../data/${file}`, import.meta.url), 'utf8'));

describe('truck parking mapper', () => {
  describe(toTruckParkingSites.name, () => {
    const sites = toTruckParkingSites(shipped('truckparking-table.xml'));
    const venlo = sites.find((s) => s.id === 'NL-12_421');

    it('should map every record of the DATEX II v2 table', () => {
      expect(sites.map((s) => s.id)).toEqual(['NL-12_421', 'NL-12_413']);
    });

    it('should map the static members of Truckstop Venlo field by field', () => {
      expect(venlo?.site).toMatchObject({
        name: 'Truckstop Venlo',
        city: 'Venlo',
        road: 'A67',
        latitude: 51.39038,
        longitude: 6.108905,
        total_capacity: 390,
        static_updated_at: '2024-03-19T08:47:28.943990Z',
        address: 'James Cookweg',
        house_number: '31',
        postal_code: '5928LJ',
        country: 'nl',
      });
    });

    it('should map the site details: roads, tariffs, facilities, security, groups', () => {
      const details = venlo?.site.site_details;
      expect(details?.roads).toEqual([
        {
          type: 'RoadNode',
          identifier: 'A67',
          destination: 'Onbekend',
          origination: null,
          junction_name: '39',
          distance_to_this_road_m: 1,
        },
      ]);
      expect(details?.tariffs).toEqual({
        free_of_charge: false,
        url: 'https://truckparkingvenlo.nl',
        bands: [{ name: 'Tarief per uur', currency: 'EUR', amount: 1, interval_seconds: 3600 }],
      });
      expect(details?.facilities).toHaveLength(8);
      expect(details?.facilities[1]).toEqual({
        kind: 'service',
        type: 'restaurant',
        availability: 'available',
      });
      expect(details?.security).toEqual({
        values: ['cctv', 'fences', 'lighting', 'guard24hours'],
        certified_secure_parking: true,
        label_security_level: 'securityLevel3',
        label_self_assessment: 'securityLevel3',
      });
      expect(details?.supervision).toEqual(['patrol', 'onSite']);
      expect(details?.reservation).toBe('mandatory');
      expect(details?.usage_scenarios).toEqual(['truckParking']);
      expect(details?.spaces_groups[0]).toEqual({
        group_index: 0,
        number_of_spaces: 390,
        type_of_group: 'statisticsOnly',
        vehicle_characteristics: [
          { assignment: 'assignedParkingAmongOthers', vehicleType: ['lorry'] },
        ],
      });
      expect(details?.spaces_groups[1].vehicle_characteristics).toEqual([
        { assignment: 'onlyAssignedParking', vehicleType: ['refrigeratedGoods'] },
      ]);
    });

    it('should read the same records inside a v3 envelope with prefixed names', () => {
      // The v2 sample re-wrapped as NDW's v3 files are: a `payload` root, generic prefixes.
      const v2 = readFileSync(
        new URL('../../data/truckparking-table.xml', import.meta.url),
        'utf8',
      );
      const v3 = v2
        .replace(/<(\/?)(?!\?)([A-Za-z]\w*)/g, '<$1ns2:$2')
        .replace(/<(\/?)ns2:d2LogicalModel\b/g, '<$1ns3:payload');
      const sites = toTruckParkingSites(parseXml(v3));
      expect(sites.map((s) => s.site)).toEqual(
        toTruckParkingSites(shipped('truckparking-table.xml')).map((s) => s.site),
      );
    });

    it('should refuse a file that is not a DATEX II envelope', () => {
      expect(() => toTruckParkingSites(parseXml('<html><body/></html>'))).toThrow(/not a DATEX II/);
    });
  });

  describe(toTruckParkingStatuses.name, () => {
    const statuses = toTruckParkingStatuses(shipped('truckparking-status.xml'));

    it('should map all 8 site statuses of the DATEX II v3 publication', () => {
      expect(statuses).toHaveLength(8);
    });

    it('should pass the numbers through as published, groups included', () => {
      const site = statuses.find((s) => s.id === 'NL-12_408');
      expect(site).toMatchObject({
        status: 'available',
        vacant: 29,
        origin_time: '2026-07-24T19:46:24.805427719Z',
        occupancy: {
          vacant_spaces: 29,
          occupied_spaces: 17,
          occupancy_percent: 54,
          site_status: 'spacesAvailable',
        },
      });
      expect(site?.occupancy.groups[0]).toEqual({
        group_index: 2,
        vacant_spaces: 13,
        occupied_spaces: 0,
        occupancy_percent: 81,
      });
    });

    it("should map DATEX 'unknown' to status unknown with its zeros kept", () => {
      expect(statuses.find((s) => s.id === 'NL-12_413')).toMatchObject({
        status: 'unknown',
        occupancy: { vacant_spaces: 0, occupied_spaces: 0, occupancy_percent: 0 },
      });
    });
  });
});
