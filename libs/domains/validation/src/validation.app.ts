import { VALIDATION_QUEUE } from '@nl/contracts-validation';
import type { AppPart } from '@nl/platform-runtime';
import { VALIDATION_CONFIG } from './validation.config.js';
import { ValidationModule } from './validation.module.js';
import { VALIDATION_DATABASE } from './validation.database.js';

/** The validation service as a part of a process: its module, settings, tables and queue group. */
export const VALIDATION_APP: AppPart = {
  imports: [ValidationModule],
  config: [VALIDATION_CONFIG],
  database: [VALIDATION_DATABASE],
  queue: VALIDATION_QUEUE,
};
