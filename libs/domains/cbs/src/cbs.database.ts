import type { DatabaseFeature } from '@nl/platform-database';
import { CbsInit1763800000000 } from './persistence/migrations/1763800000000-cbs-init.js';
import { CbsGenerations1764100000000 } from './persistence/migrations/1764100000000-cbs-generations.js';
import { CbsDatasetEntity, SbiCodeEntity } from './persistence/sbi-code.entity.js';

/** What the cbs service needs from the database: add it to the app's `DatabaseModule.forRoot`. */
export const CBS_DATABASE: DatabaseFeature = {
  entities: [SbiCodeEntity, CbsDatasetEntity],
  migrations: [CbsInit1763800000000, CbsGenerations1764100000000],
};
