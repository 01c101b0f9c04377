import { Injectable } from '@nestjs/common';
import type {
  TruckParkingListItem,
  TruckParkingOccupancy,
  TruckParkingQuery,
} from '@nl/contracts-ndw';
import { DataSource } from 'typeorm';
import { NdwDatasets } from '../persistence/ndw-datasets.js';
import type {
  PublishedOccupancy,
  TruckParkingSite,
} from '../upstream/truckparking/truckparking.types.js';
import { checkOccupancy } from './occupancy-check.js';

interface Joined {
  readonly site: TruckParkingSite;
  readonly status: string | null;
  readonly occupancy: PublishedOccupancy | null;
  readonly total: string;
}

/**
 * Truck parking sites: the static table (`ndw.truck_parking_site`) left-joined with the live
 * status (`ndw.truck_parking_status`), each at its generation in use, in one statement.
 */
@Injectable()
export class TruckParkingRepository {
  constructor(
    private readonly db: DataSource,
    private readonly datasets: NdwDatasets,
  ) {}

  async list(
    query: TruckParkingQuery,
    staleAfterSeconds: number,
  ): Promise<{ items: TruckParkingListItem[]; total: number }> {
    const params: unknown[] = [];
    const param = (value: unknown) => `$${params.push(value)}`;
    const where: string[] = [];
    if (query.status) where.push(`st.status = ${param(query.status)}`);
    if (query.beschikbaar === true) where.push(`st.status = 'available'`);
    if (query.beschikbaar === false) where.push(`coalesce(st.status, 'unknown') <> 'available'`);
    if (query.road) where.push(`${param(query.road)} = ANY (s.roads)`);
    const rows = await this.select(
      where,
      params,
      `LIMIT ${param(query.per_page)} OFFSET ${param((query.page - 1) * query.per_page)}`,
    );
    return {
      items: rows.map((r) => toItem(r, staleAfterSeconds)),
      total: rows.length > 0 ? Number(rows[0].total) : await this.count(where, params.slice(0, -2)),
    };
  }

  async get(id: string, staleAfterSeconds: number): Promise<TruckParkingListItem | null> {
    const [row] = await this.select(['s.id = $1'], [id], '');
    return row ? toItem(row, staleAfterSeconds) : null;
  }

  private select(where: string[], params: unknown[], page: string): Promise<Joined[]> {
    return this.db.query(
      `SELECT s.site, st.status, st.occupancy, count(*) OVER () AS total ${this.from(where)}
        ORDER BY s.id ${page}`,
      params,
    ) as Promise<Joined[]>;
  }

  private async count(where: string[], params: unknown[]): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*) AS n ${this.from(where)}`, params)) as {
      n: string;
    }[];
    return Number(row.n);
  }

  private from(where: string[]): string {
    return `FROM ndw.truck_parking_site s
      LEFT JOIN ndw.truck_parking_status st
        ON st.id = s.id AND st.generation = ${this.datasets.current('truckParkingStatus')}
     WHERE s.generation = ${this.datasets.current('truckParkingTable')}
       ${where.map((w) => `AND ${w}`).join(' ')}`;
  }
}

/**
 * The API item: the site's static members, the status, the published numbers checked against
 * the site's capacity (`occupancy_inconsistent`), `occupancy_stale` when the status is missing
 * or older than the threshold, and `test_data` when NDW marks either file a test.
 */
function toItem(row: Joined, staleAfterSeconds: number): TruckParkingListItem {
  const { information_status: tableStatus, ...site } = row.site;
  const origin = row.occupancy?.origin_time ?? null;
  const age = origin ? (Date.now() - Date.parse(origin)) / 1000 : Infinity;
  const checked = row.occupancy ? checkOccupancy(row.occupancy, site.total_capacity) : null;
  const occupancy: TruckParkingOccupancy | null = checked?.occupancy ?? null;
  return {
    ...site,
    available_spaces: occupancy?.vacant_spaces ?? null,
    status: row.status,
    dynamic_updated_at: origin,
    occupancy_stale: !(age <= staleAfterSeconds),
    occupancy_inconsistent: checked?.inconsistent ?? false,
    test_data: tableStatus === 'test' || row.occupancy?.information_status === 'test',
    occupancy,
  };
}
