import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

class ProblemFieldError {
  @ApiProperty({ example: 'per_page' }) field: string;
  @ApiProperty({ example: 'per_page must not be less than 1' }) message: string;
}

/** RFC 9457 problem details, as every generic error is sent (`application/problem+json`). */
export class ProblemDetails {
  @ApiProperty({ example: 'urn:nl-data-api:problem:validation_failed' }) type: string;
  @ApiProperty({ example: 'Bad Request' }) title: string;
  @ApiProperty({ example: 400 }) status: number;
  @ApiProperty({ example: 'The request has invalid parameters.' }) detail: string;
  @ApiProperty({ example: '/v1/cbs/sbi?per_page=0' }) instance: string;
  @ApiProperty({ example: 'validation_failed' }) code: string;
  @ApiProperty({ example: '2f1c7d4e-5b7a-4a53-9d0e-8a1c9b5e0f3a' }) requestId: string;
  @ApiPropertyOptional({ type: [ProblemFieldError] }) errors?: ProblemFieldError[];
  @ApiPropertyOptional({ description: 'Correlates a 500 with the server log.' }) errorId?: string;
}

export const PROBLEM_TYPE_PREFIX = 'urn:nl-data-api:problem:';
