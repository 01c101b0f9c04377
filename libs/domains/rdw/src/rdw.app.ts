import { RDW_QUEUE } from '@nl/contracts-rdw';
import type { AppPart } from '@nl/platform-runtime';
import { RdwModule } from './rdw.module.js';

/** The rdw service as a part of a process: its module and its queue group. */
export const RDW_APP: AppPart = {
  imports: [RdwModule],
  queue: RDW_QUEUE,
};
