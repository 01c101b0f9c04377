import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import type { ConformanceCase } from './cases.js';
import { resolve } from './operations.js';

type Json = Record<string, unknown>;

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

/** The request of a case: path parameters in the path, the others in the query or the body. */
export function requestOf(c: ConformanceCase): { path: string; init: RequestInit } {
  const { operation, values } = c;
  const text = (value: unknown) => encodeURIComponent(String(value));
  const path = operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => text(values[name]));
  const inPath = new Set(operation.members.filter((m) => m.in === 'path').map((m) => m.name));
  const body: Record<string, unknown> = {};
  const query: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (inPath.has(name)) continue;
    if (operation.hasBody) body[name] = value;
    else query.push(`${text(name)}=${text(value)}`);
  }
  return {
    path: `${path}${query.length ? `?${query.join('&')}` : ''}`,
    init: {
      method: operation.method,
      ...(operation.hasBody && {
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }),
    },
  };
}

/** Sends a case with the key; the answer as text. */
export async function send(baseUrl: string, key: string, c: ConformanceCase): Promise<Answer> {
  const { path, init } = requestOf(c);
  const response = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), 'x-api-key': key },
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * Checks answers against an OpenAPI 3.1 document: the status is one the operation lists, the
 * body has a media type it lists and validates against its schema, and each header it lists
 * that came validates against the header's schema.
 */
export class ResponseChecker {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  constructor(private readonly document: Json) {
    // A CommonJS module whose `default` is itself: the one call both module systems accept.
    formats.default(this.ajv);
    this.ajv.addSchema(document, 'doc');
  }

  private validate(pointer: string, value: unknown): string[] {
    const check =
      this.ajv.getSchema(`doc#${pointer}`) ?? this.ajv.compile({ $ref: `doc#${pointer}` });
    return check(value)
      ? []
      : (check.errors ?? []).map(
          (e: ErrorObject) => `${e.instancePath || '(root)'} ${e.message ?? ''}`,
        );
  }

  problems(c: ConformanceCase, answer: Answer): string[] {
    const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');
    const responses = (c.operation.raw['responses'] ?? {}) as Json;
    const status = String(answer.status);
    if (!responses[status]) return [`status ${status} is not documented`];
    const response = resolve(this.document, responses[status]);
    const problems: string[] = [];
    const content = response['content'] as Json | undefined;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim();
    const at = `/paths/${escape(c.operation.path)}/${c.operation.method.toLowerCase()}/responses/${status}`;
    if (content) {
      if (!content[type])
        problems.push(`media type ${type || '(none)'} is not documented for ${status}`);
      else {
        let body: unknown;
        try {
          body = JSON.parse(answer.text);
        } catch {
          return [...problems, `body is not JSON: ${answer.text.slice(0, 80)}`];
        }
        const pointer = `${at}/content/${escape(type)}/schema`;
        problems.push(...this.validate(pointer, body).map((p) => `body ${p}`));
      }
    }
    for (const [name, header] of Object.entries((response['headers'] ?? {}) as Json)) {
      const value = answer.headers.get(name);
      if (value === null) continue;
      const schema = resolve(this.document, resolve(this.document, header)['schema']);
      const typed =
        schema['type'] === 'integer' && /^-?[0-9]+$/.test(value) ? Number(value) : value;
      const ref = (header as Json)['$ref'] as string | undefined;
      const pointer = ref ? `${ref.slice(1)}/schema` : `${at}/headers/${escape(name)}/schema`;
      problems.push(...this.validate(pointer, typed).map((p) => `header ${name} ${p}`));
    }
    return problems;
  }
}
