export * from './ndw.app.js';
export * from './ndw.config.js';
export * from './ndw.database.js';
export * from './ndw.module.js';
export { NdwDatasets, type NdwDatasetName } from './persistence/ndw-datasets.js';
export { ChargePointsRepository } from './chargepoints/chargepoints.repository.js';
