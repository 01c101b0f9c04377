import { CBS_QUEUE } from '@nl/contracts-cbs';
import type { AppPart } from '@nl/platform-runtime';
import { CBS_CONFIG } from './cbs.config.js';
import { CBS_DATABASE } from './cbs.database.js';
import { CbsModule } from './cbs.module.js';

/** The cbs service as a part of a process: its module, settings, tables and queue group. */
export const CBS_APP: AppPart = {
  imports: [CbsModule],
  config: [CBS_CONFIG],
  database: [CBS_DATABASE],
  queue: CBS_QUEUE,
};
