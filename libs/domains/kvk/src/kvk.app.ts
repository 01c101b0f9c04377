import { KVK_QUEUE } from '@nl/contracts-kvk';
import type { AppPart } from '@nl/platform-runtime';
import { KVK_CONFIG } from './kvk.config.js';
import { KvkModule } from './kvk.module.js';

/** The kvk service as a part of a process: its module, its settings and its queue group. */
export const KVK_APP: AppPart = {
  imports: [KvkModule],
  config: [KVK_CONFIG],
  queue: KVK_QUEUE,
};
