import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// CommonJS packages, loaded as CommonJS: the class and the plugin are their module.exports.
type Validator = ((data: unknown) => boolean) & { errors?: unknown[] | null };
interface AjvInstance {
  compile(schema: object): Validator;
  addSchema(schema: object, key?: string): AjvInstance;
}
export const Ajv = require('ajv') as new (options: object) => AjvInstance;
export const addFormats = require('ajv-formats') as (ajv: object) => unknown;

type Json = Record<string, unknown>;

/** The parts of an AsyncAPI document the tests read. */
export interface AsyncApiDoc {
  readonly channels: Record<string, { address: string | null; messages: Record<string, Json> }>;
  readonly operations: Record<
    string,
    { description: string; bindings?: Json; reply: { address: Json; channel: Json } }
  >;
  readonly components: { schemas: Record<string, Json>; messages: Record<string, Json> };
}

export function committedAsyncApi(): AsyncApiDoc {
  return JSON.parse(
    readFileSync(new URL('../../../../asyncapi.json', import.meta.url), 'utf8'),
  ) as AsyncApiDoc;
}

/** The component name a `$ref` to `#/components/schemas/<name>` names. */
export const refName = (schema: unknown) =>
  ((schema as { $ref?: string }).$ref ?? '').replace('#/components/schemas/', '');

/**
 * Checks values against the document's own schemas (with every component they refer to), as
 * a team that only read the document would: `check(name, value)` lists the errors, none if valid.
 */
export function schemaChecker(document: AsyncApiDoc): (name: string, value: unknown) => unknown[] {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addSchema({ components: document.components }, 'asyncapi');
  const compiled = new Map<string, Validator>();
  return (name, value) => {
    let validate = compiled.get(name);
    if (!validate) {
      validate = ajv.compile({ $ref: `asyncapi#/components/schemas/${name}` });
      compiled.set(name, validate);
    }
    return validate(value) ? [] : (validate.errors ?? ['invalid']);
  };
}

/** The schema names of a subject's messages: request, reply and error payloads, by the document. */
export function messageSchemas(document: AsyncApiDoc, id: string) {
  const message = (kind: string) => document.components.messages[`${id}.${kind}`];
  return {
    request: refName(message('request')['payload']),
    reply: refName(message('reply')['payload']),
    error: refName(message('error')['payload']),
  };
}
