import type { OpenAPIObject } from '@nestjs/swagger';
import { inputSchemaOf, outputSchemaOf, pathParamsOf, singleTypes } from './tool-schemas.js';

const document = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      Answer: {
        type: 'object',
        properties: { item: { $ref: '#/components/schemas/Item' }, list: { type: 'array' } },
      },
      Item: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
      Body: {
        type: 'object',
        properties: { email: { type: 'string', format: 'email' } },
        required: ['email'],
        additionalProperties: false,
      },
    },
  },
} as unknown as OpenAPIObject;

describe('MCP tool schemas from the OpenAPI document', () => {
  it("should make a GET's path and query parameters one object, with the rules between them", () => {
    const schema = inputSchemaOf(document, {
      parameters: [
        { name: 'code', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'lat', in: 'query', description: 'With lon.', schema: { type: 'number' } },
        { name: 'lon', in: 'query', schema: { type: 'number' } },
        { name: 'x-trace', in: 'header', schema: { type: 'string' } },
      ],
      'x-parameter-rules': {
        type: 'object',
        propertyNames: { enum: ['code', 'lat', 'lon'] },
        dependentRequired: { lat: ['lon'] },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: {
        code: { type: 'string' },
        lat: { type: 'number', description: 'With lon.' },
        lon: { type: 'number' },
      },
      required: ['code'],
      additionalProperties: false,
      dependentRequired: { lat: ['lon'] },
    });
  });

  it("should take a POST's body members as the arguments", () => {
    const schema = inputSchemaOf(document, {
      requestBody: {
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Body' } } },
      },
    });
    expect(schema).toEqual({
      type: 'object',
      properties: { email: { type: 'string', format: 'email' } },
      required: ['email'],
      additionalProperties: false,
    });
  });

  it('should describe an object answer and leave any other without an output schema', () => {
    const answer = (schema: Record<string, unknown>) => ({
      responses: { '200': { content: { 'application/json': { schema } } } },
    });
    expect(outputSchemaOf(document, answer({ $ref: '#/components/schemas/Item' }))).toMatchObject({
      type: 'object',
      required: ['code'],
    });
    expect(outputSchemaOf(document, answer({ type: 'array' }))).toBeUndefined();
    expect(outputSchemaOf(document, {})).toBeUndefined();
  });

  it('should spell a list of types as anyOf branches of one type each', () => {
    expect(
      singleTypes({
        type: 'object',
        properties: {
          name: { type: ['string', 'null'], maxLength: 5 },
          kind: { type: ['string', 'null'], anyOf: [{ enum: ['a'] }, { const: null }] },
        },
      }),
    ).toEqual({
      type: 'object',
      properties: {
        name: { maxLength: 5, anyOf: [{ type: 'string' }, { type: 'null' }] },
        kind: {
          allOf: [
            { anyOf: [{ enum: ['a'] }, { const: null }] },
            { anyOf: [{ type: 'string' }, { type: 'null' }] },
          ],
        },
      },
    });
  });

  it('should read the path parameters of a route', () => {
    expect(pathParamsOf('/v1/kvk/:companyNumber/branch')).toEqual(['companyNumber']);
    expect(pathParamsOf('/v1/cbs/sbi')).toEqual([]);
  });
});
