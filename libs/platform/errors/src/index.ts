export * from './domain-error.js';
export * from './rpc-exception.filter.js';
export * from './rpc-handler.decorator.js';
export * from './rpc-validation.pipe.js';
export * from './validate-input.js';
export * from './infrastructure-error.js';
export * from './text-input.js';
export * from './validation-metadata.js';
