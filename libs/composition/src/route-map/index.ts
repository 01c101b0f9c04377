export * from './render-route-map.js';
export * from './route-map.js';
export * from './endpoint-list.js';
