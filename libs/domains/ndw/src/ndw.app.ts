import { NDW_QUEUE } from '@nl/contracts-ndw';
import type { AppPart } from '@nl/platform-runtime';
import { NDW_CONFIG } from './ndw.config.js';
import { NDW_DATABASE } from './ndw.database.js';
import { NdwModule } from './ndw.module.js';

/** The ndw service as a part of a process: its module, settings, tables and queue group. */
export const NDW_APP: AppPart = {
  imports: [NdwModule],
  config: [NDW_CONFIG],
  database: [NDW_DATABASE],
  queue: NDW_QUEUE,
};
