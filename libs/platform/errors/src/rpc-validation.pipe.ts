import { Injectable, type ArgumentMetadata, type PipeTransform, type Type } from '@nestjs/common';
import { RpcParamtype } from '@nestjs/microservices/enums/rpc-paramtype.enum.js';
import { validateInput } from './validate-input.js';

const PRIMITIVES: unknown[] = [String, Number, Boolean, Array, Object];

/** Validates a message payload against the handler's DTO type: services trust no caller. */
@Injectable()
export class RpcValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const type = metadata.metatype;
    // Nest hands RPC pipes a numeric param type; only the payload is the caller's input.
    if ((metadata.type as unknown) !== RpcParamtype.PAYLOAD || !type || PRIMITIVES.includes(type))
      return value;
    return validateInput(type as Type<object>, value);
  }
}
