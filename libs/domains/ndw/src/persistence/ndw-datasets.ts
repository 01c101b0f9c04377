import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectConfig } from '@nl/platform-config';
import {
  TableDataset,
  VersionedTable,
  refreshEvery,
  refreshLogged,
  registerDatasetHealth,
  type DownloadOptions,
  type LoadResult,
  type TableDatasetDefinition,
} from '@nl/platform-dataset';
import { HealthRegistry } from '@nl/platform-health';
import { LOGGER, type Logger } from '@nl/platform-logging';
import { DataSource } from 'typeorm';
import { NDW_CONFIG, type NdwFeed, type NdwSettings } from '../ndw.config.js';
import {
  EMISSIONZONES_DATASET,
  EMISSIONZONES_SNAPSHOT,
  EMISSIONZONE_COLUMNS,
} from '../upstream/emissionzones/emissionzones.dataset.js';
import {
  TRUCKPARKING_SITE_COLUMNS,
  TRUCKPARKING_STATUS_COLUMNS,
  TRUCKPARKING_STATUS_DATASET,
  TRUCKPARKING_STATUS_SNAPSHOT,
  TRUCKPARKING_TABLE_DATASET,
  TRUCKPARKING_TABLE_SNAPSHOT,
} from '../upstream/truckparking/truckparking.dataset.js';
import {
  CHARGEPOINTS_DATASET,
  CHARGEPOINTS_SNAPSHOT,
  CHARGEPOINT_COLUMNS,
} from '../upstream/ocpi/ocpi.dataset.js';

/** The four imported NDW files by our name for them. */
export type NdwDatasetName =
  'chargePoints' | 'truckParkingTable' | 'truckParkingStatus' | 'emissionZones';

interface Entry {
  readonly dataset: TableDataset<object>;
  readonly table: VersionedTable<object>;
  readonly shipped: URL;
  readonly feed: NdwFeed;
}

/**
 * The shape of each table's rows, bumped when a mapper's output changes: the version pointer
 * then has another name, so a start re-imports the snapshot instead of keeping rows of the old
 * shape (and the next refresh downloads the file whole, without the old validators). The
 * zones: conditions with every characteristic, the zone type from the rules, municipality
 * keys with aliases. The table: its `informationStatus`.
 */
const ROW_SHAPE: Readonly<Record<NdwDatasetName, number>> = {
  chargePoints: 1,
  truckParkingTable: 2,
  truckParkingStatus: 1,
  emissionZones: 2,
};

/** A refresh of NDW's ~200 MB charge-point file may take a while; others are small. */
const DOWNLOAD: DownloadOptions = { timeoutMs: 5 * 60_000, maxBytes: 512 * 1024 * 1024 };
/** The first refresh after a start comes after one interval, at most 5 minutes, so a process
 * restarted more often than a long interval still refreshes. */
const FIRST_REFRESH_MS = 5 * 60_000;

/**
 * The NDW datasets in the service's tables: on start each keeps what the database holds or
 * loads the snapshot shipped in `data/`; then each refreshes from its NDW URL on its own
 * interval (config), and `/health/ready` shows size, version, age and the last refresh.
 */
@Injectable()
export class NdwDatasets implements OnModuleInit, OnApplicationShutdown {
  private readonly entries: Record<NdwDatasetName, Entry>;
  private stops: (() => void)[] = [];

  constructor(
    db: DataSource,
    @InjectConfig(NDW_CONFIG) settings: NdwSettings,
    private readonly health: HealthRegistry,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const entry = <Row extends object>(
      definition: TableDatasetDefinition<Row>,
      table: string,
      columns: readonly string[],
      shipped: URL,
      feed: NdwFeed,
      shape: number,
    ): Entry => {
      const versioned = new VersionedTable<Row>(db, {
        name: shape > 1 ? `${definition.name}.v${shape}` : definition.name,
        table,
        columns,
        pointer: 'ndw.dataset',
      });
      const dataset = new TableDataset(definition, versioned, DOWNLOAD);
      return {
        dataset: dataset as unknown as TableDataset<object>,
        table: versioned as unknown as VersionedTable<object>,
        shipped,
        feed,
      };
    };
    this.entries = {
      chargePoints: entry(
        CHARGEPOINTS_DATASET,
        'ndw.charge_point',
        CHARGEPOINT_COLUMNS,
        CHARGEPOINTS_SNAPSHOT,
        settings.chargePoints,
        ROW_SHAPE.chargePoints,
      ),
      truckParkingTable: entry(
        TRUCKPARKING_TABLE_DATASET,
        'ndw.truck_parking_site',
        TRUCKPARKING_SITE_COLUMNS,
        TRUCKPARKING_TABLE_SNAPSHOT,
        settings.truckParkingTable,
        ROW_SHAPE.truckParkingTable,
      ),
      truckParkingStatus: entry(
        TRUCKPARKING_STATUS_DATASET,
        'ndw.truck_parking_status',
        TRUCKPARKING_STATUS_COLUMNS,
        TRUCKPARKING_STATUS_SNAPSHOT,
        settings.truckParkingStatus,
        ROW_SHAPE.truckParkingStatus,
      ),
      emissionZones: entry(
        EMISSIONZONES_DATASET,
        'ndw.emission_zone',
        EMISSIONZONE_COLUMNS,
        EMISSIONZONES_SNAPSHOT,
        settings.emissionZones,
        ROW_SHAPE.emissionZones,
      ),
    };
  }

  async onModuleInit(): Promise<void> {
    for (const [name, { dataset, shipped, feed }] of Object.entries(this.entries)) {
      const result = await dataset.start({ part: name, url: shipped.href });
      if (!result.ok) throw new Error(`the shipped NDW snapshot ${name}: ${result.reason}`);
      this.logger.info(
        { dataset: dataset.name, rows: result.size, source: result.source },
        'NDW dataset ready',
      );
      registerDatasetHealth(this.health, dataset);
      const files = feed.url ? [{ part: name, url: feed.url }] : [];
      this.stops.push(
        refreshEvery(
          dataset,
          files,
          feed.everySeconds * 1000,
          this.logger,
          Math.min(FIRST_REFRESH_MS, feed.everySeconds * 1000),
        ),
      );
    }
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops) stop();
  }

  /** SQL for the generation in use of a dataset (a reader's WHERE clause). */
  current(name: NdwDatasetName): string {
    return this.entries[name].table.current;
  }

  /**
   * The version in use, for cache keys: a new version, or the same file mapped to rows of a new
   * shape, is never answered from an old entry.
   */
  version(...names: NdwDatasetName[]): string {
    return names
      .map((n) => `${this.entries[n].dataset.version?.slice(0, 12) ?? '-'}~${ROW_SHAPE[n]}`)
      .join('.');
  }

  /** Refreshes one dataset now from `url` (default: its configured URL). */
  refresh(name: NdwDatasetName, url?: string): Promise<LoadResult> {
    const { dataset, feed } = this.entries[name];
    const target = url ?? feed.url;
    return refreshLogged(dataset, target ? [{ part: name, url: target }] : [], this.logger);
  }

  /** Installs the shipped snapshot again over whatever is in use (operations, tests). */
  reinstallShipped(name: NdwDatasetName): Promise<LoadResult> {
    const { dataset, shipped } = this.entries[name];
    return dataset.reinstall({ part: name, url: shipped.href });
  }

  stats(name: NdwDatasetName) {
    return this.entries[name].dataset.stats();
  }
}
