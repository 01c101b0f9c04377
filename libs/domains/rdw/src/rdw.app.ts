import { RDW_QUEUE } from '@nl/contracts-rdw';
import type { AppPart } from '@nl/platform-runtime';
import { RDW_CONFIG } from './rdw.config.js';
import { RdwModule } from './rdw.module.js';

/** The rdw service as a part of a process: its module, its settings and its queue group. */
export const RDW_APP: AppPart = {
  imports: [RdwModule],
  config: [RDW_CONFIG],
  queue: RDW_QUEUE,
};
