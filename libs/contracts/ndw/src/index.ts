export * from './chargepoints.responses.js';
export * from './emissionzones.responses.js';
export * from './ndw.endpoints.js';
export * from './ndw.requests.js';
export * from './ndw.subjects.js';
export * from './truckparking.responses.js';
