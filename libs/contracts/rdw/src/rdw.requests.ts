import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsString,
  MaxLength,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { normalisePlate, sidecodeOf } from './plate.js';

@ValidatorConstraint({ name: 'dutchPlate' })
class DutchPlate implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && sidecodeOf(value) !== null;
  }
  defaultMessage(args: ValidationArguments): string {
    return `${args.property} must be a Dutch licence plate: 6 letters and digits in one of the 14 sidecode patterns (e.g. TT-601-D, 12-ABC-3), hyphens and case free`;
  }
}

/** `GET /v1/rdw/vehicle-lite` and `/v1/rdw/vehicle`. */
export class PlateQuery {
  @ApiProperty({
    example: 'TT-601-D',
    description: 'Dutch licence plate, with or without hyphens or spaces, any case.',
  })
  @Transform(({ value }) => (typeof value === 'string' ? normalisePlate(value) : value))
  @IsString()
  @MaxLength(12)
  @Validate(DutchPlate)
  license_plate: string;
}
