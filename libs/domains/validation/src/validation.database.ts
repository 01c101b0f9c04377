import type { DatabaseFeature } from '@nl/platform-database';
import { ValidationInit1764000000000 } from './persistence/migrations/1764000000000-validation-init.js';
import { VatAnswerEntity } from './persistence/vat-answer.entity.js';

/** What the validation service needs from the database. */
export const VALIDATION_DATABASE: DatabaseFeature = {
  entities: [VatAnswerEntity],
  migrations: [ValidationInit1764000000000],
};
