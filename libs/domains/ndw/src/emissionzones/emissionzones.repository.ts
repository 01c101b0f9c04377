import { Injectable } from '@nestjs/common';
import type {
  EmissionZoneListItem,
  EmissionZoneRecord,
  EmissionZonesQuery,
} from '@nl/contracts-ndw';
import { DataSource } from 'typeorm';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import type { ZoneCondition } from '../upstream/emissionzones/emissionzones.types.js';
import { municipalityKey } from './municipality.js';

/**
 * Active emission zones from `ndw.emission_zone`: the import keeps zones whose DATEX status is
 * `active`, and a zone whose validity has ended is left out here too.
 */
const ACTIVE = `((zone->>'valid_until') IS NULL OR (zone->>'valid_until')::timestamptz > now())`;

@Injectable()
export class EmissionZonesRepository {
  constructor(
    private readonly db: DataSource,
    private readonly datasets: NdwDatasets,
  ) {}

  async list(query: EmissionZonesQuery): Promise<{ items: EmissionZoneListItem[]; total: number }> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where = [`generation = ${this.datasets.current('emissionZones')}`, ACTIVE];
    if (query.city) where.push(`city_key = ${param(municipalityKey(query.city))}`);
    if (query.vehicle_category) where.push(`${param(query.vehicle_category)} = ANY (categories)`);
    const rows = (await this.db.query(
      `SELECT zone, categories, count(*) OVER () AS total FROM ndw.emission_zone
        WHERE ${where.join(' AND ')} ORDER BY zone->>'name', id
        LIMIT ${param(query.per_page)} OFFSET ${param((query.page - 1) * query.per_page)}`,
      params,
    )) as { zone: EmissionZoneRecord; categories: string[]; total: string }[];
    let total = rows.length > 0 ? Number(rows[0].total) : 0;
    if (rows.length === 0 && query.page > 1) {
      const [row] = (await this.db.query(
        `SELECT count(*) AS n FROM ndw.emission_zone WHERE ${where.join(' AND ')}`,
        params.slice(0, -2),
      )) as { n: string }[];
      total = Number(row.n);
    }
    return {
      items: rows.map(({ zone, categories }) => ({
        id: zone.id,
        name: zone.name,
        city: zone.city,
        zone_type: zone.zone_type,
        zero_emission_categories: zone.zero_emission_categories,
        vehicle_categories: categories,
        access_rules: zone.access_rules,
        valid_from: zone.valid_from,
        valid_until: zone.valid_until,
      })),
      total,
    };
  }

  async get(
    id: string,
  ): Promise<{ zone: EmissionZoneRecord; conditions: ZoneCondition | null } | null> {
    const [row] = (await this.db.query(
      `SELECT zone, conditions FROM ndw.emission_zone
        WHERE generation = ${this.datasets.current('emissionZones')} AND ${ACTIVE} AND id = $1`,
      [id],
    )) as { zone: EmissionZoneRecord; conditions: ZoneCondition | null }[];
    return row ?? null;
  }
}
