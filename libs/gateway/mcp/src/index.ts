export * from './mcp-route.js';
export * from './mcp-server.js';
export * from './mcp-tools.js';
export * from './tool-call.js';
export * from './tool-schemas.js';
