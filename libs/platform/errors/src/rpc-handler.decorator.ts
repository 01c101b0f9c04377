import { Controller, UseFilters, UsePipes, applyDecorators } from '@nestjs/common';
import { RpcExceptionFilter } from './rpc-exception.filter.js';
import { RpcValidationPipe } from './rpc-validation.pipe.js';

/** Marks a class of message handlers: payloads validated, errors coded for the gateway. */
export function RpcHandlers(): ClassDecorator {
  return applyDecorators(Controller(), UsePipes(RpcValidationPipe), UseFilters(RpcExceptionFilter));
}
