import type { DatabaseFeature } from '@nl/platform-database';
import { NdwInit1764000000000 } from './persistence/migrations/1764000000000-ndw-init.js';

/** What the ndw service needs from the database: its tables, raw SQL only (no entities). */
export const NDW_DATABASE: DatabaseFeature = {
  entities: [],
  migrations: [NdwInit1764000000000],
};
