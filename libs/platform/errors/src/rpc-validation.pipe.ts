import { Injectable, type ArgumentMetadata, type PipeTransform, type Type } from '@nestjs/common';
import { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum.js';
import { validateInput } from './validate-input.js';

const PRIMITIVES: unknown[] = [String, Number, Boolean, Array, Object];

/**
 * Whether a pipe's argument is a message payload: NestJS 12 hands RPC pipes the payload as
 * `body` (older versions used the numeric `RpcParamtype.PAYLOAD`); the context is not input.
 */
export function isPayload(metadata: ArgumentMetadata): boolean {
  const type = metadata.type as unknown;
  return type === 'body' || type === RpcParamtype.PAYLOAD;
}

/** Validates a message payload against the handler's DTO type: services trust no caller. */
@Injectable()
export class RpcValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const type = metadata.metatype;
    if (!isPayload(metadata) || !type || PRIMITIVES.includes(type)) return value;
    return validateInput(type as Type<object>, value);
  }
}
