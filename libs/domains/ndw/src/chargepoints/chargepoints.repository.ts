import { Injectable } from '@nestjs/common';
import type { ChargePointItem, ChargePointsQuery } from '@nl/contracts-ndw';
import { DataSource } from 'typeorm';
import { NdwDatasets } from '../persistence/ndw-datasets.js';

const METRES_PER_DEGREE = 111_320;
export const DEFAULT_RADIUS_M = 1_000;

/**
 * Charge points from `ndw.charge_point`. A `near` query narrows by a bounding box on the
 * (generation, lat) index, then filters and sorts by the great-circle distance (haversine).
 */
@Injectable()
export class ChargePointsRepository {
  constructor(
    private readonly db: DataSource,
    private readonly datasets: NdwDatasets,
  ) {}

  async list(query: ChargePointsQuery): Promise<{ items: ChargePointItem[]; total: number }> {
    const where = [`generation = ${this.datasets.current('chargePoints')}`];
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    if (query.city) where.push(`city_key = ${param(query.city.toLowerCase())}`);
    if (query.postcode) where.push(`postcode_key LIKE ${param(`${query.postcode}%`)}`);
    if (query.operator) where.push(`operator_key = ${param(query.operator.toLowerCase())}`);
    if (query.min_power_kw !== undefined)
      where.push(`max_power_kw >= ${param(query.min_power_kw)}`);
    if (query.connector) where.push(`${param(query.connector)} = ANY (standards)`);
    if (query.status === 'available') where.push('available > 0');
    let distance = 'NULL::double precision';
    let order = 'id';
    if (query.lat !== undefined && query.lon !== undefined) {
      const radius = query.radius_m ?? DEFAULT_RADIUS_M;
      const dLat = radius / METRES_PER_DEGREE;
      const dLon =
        radius / (METRES_PER_DEGREE * Math.max(0.01, Math.cos((query.lat * Math.PI) / 180)));
      const lat = param(query.lat);
      const lon = param(query.lon);
      where.push(`lat BETWEEN ${param(query.lat - dLat)} AND ${param(query.lat + dLat)}`);
      where.push(`lon BETWEEN ${param(query.lon - dLon)} AND ${param(query.lon + dLon)}`);
      distance = `2 * 6371008.8 * asin(sqrt(
        power(sin(radians(lat - ${lat}) / 2), 2) +
        cos(radians(${lat})) * cos(radians(lat)) * power(sin(radians(lon - ${lon}) / 2), 2)))`;
      where.push(`${distance} <= ${param(radius)}`);
      order = 'distance_m, id';
    }
    const rows = (await this.db.query(
      `SELECT item, ${distance} AS distance_m, count(*) OVER () AS total
         FROM ndw.charge_point WHERE ${where.join(' AND ')}
        ORDER BY ${order} LIMIT ${param(query.per_page)} OFFSET ${param((query.page - 1) * query.per_page)}`,
      params,
    )) as { item: Omit<ChargePointItem, 'distance_m'>; distance_m: number | null; total: string }[];
    const total = rows.length > 0 ? Number(rows[0].total) : await this.count(where, params);
    return {
      items: rows.map((r) => ({
        ...r.item,
        distance_m: r.distance_m === null ? null : Math.round(Number(r.distance_m)),
      })),
      total,
    };
  }

  /** The total when the page is past the end (the window count needs a row). */
  private async count(where: string[], params: unknown[]): Promise<number> {
    const used = params.slice(0, params.length - 2);
    const [row] = (await this.db.query(
      `SELECT count(*) AS n FROM ndw.charge_point WHERE ${where.join(' AND ')}`,
      used,
    )) as { n: string }[];
    return Number(row.n);
  }
}
