import { PROPERTY_QUEUE } from '@nl/contracts-property';
import type { AppPart } from '@nl/platform-runtime';
import { PROPERTY_CONFIG } from './property.config.js';
import { PropertyModule } from './property.module.js';

/** The property service as a part of a process: its module, its settings and its queue group. */
export const PROPERTY_APP: AppPart = {
  imports: [PropertyModule],
  config: [PROPERTY_CONFIG],
  queue: PROPERTY_QUEUE,
};
