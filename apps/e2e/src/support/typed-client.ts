import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';

interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly example?: unknown;
  readonly schema?: { readonly example?: unknown };
}
interface Operation {
  readonly operationId: string;
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { content: Record<string, { schema: { $ref?: string } }> };
  readonly responses?: Record<string, unknown>;
}
type Schema = { properties?: Record<string, { example?: unknown }>; required?: string[] };

/**
 * Type helpers of the snippet: the call's input as the generated `paths` type wants it, its
 * JSON answer, and whether a type is a real object type (not missing: `never` or `unknown`).
 */
const PRELUDE = `import type { paths } from './api.js';

type Operation = { parameters: unknown; responses: unknown };
type Input<O extends Operation> = { params: O['parameters'] } & (O extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? { body: B }
  : { body?: never });
type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type Problem<R> = R extends { content: { 'application/problem+json': infer B } } ? B : never;
type Known<T> = unknown extends T ? false : [T] extends [never] ? false : T extends object ? true : false;
type Status<O, S extends number> = O extends { responses: Record<S, infer R> } ? R : never;

/** A typed call of one operation, as a client over the generated types makes it. */
declare function call<P extends keyof paths, M extends 'get' | 'post'>(
  path: P,
  method: M,
  input: paths[P][M] extends Operation ? Input<paths[P][M]> : never,
): Promise<paths[P][M] extends Operation ? Json<Status<paths[P][M], 200>> : never>;
`;

/** An example of each parameter, from the document: what a client would send. */
function exampleOf(parameter: Parameter): unknown {
  const example = parameter.example ?? parameter.schema?.example;
  if (example === undefined)
    throw new Error(`parameter ${parameter.name} of the document has no example`);
  return example;
}

function bodyOf(document: OpenAPI3, operation: Operation): Record<string, unknown> | undefined {
  const ref = operation.requestBody?.content['application/json']?.schema.$ref;
  if (!ref) return undefined;
  const schema = document.components?.schemas?.[ref.split('/').pop() as string] as Schema;
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, schema.properties?.[name]?.example]),
  );
}

/**
 * The snippet: for every operation of the document (its paths, iterated), a typed call with every
 * parameter it documents (examples from the document) and its body, and compile-time checks that
 * its success (200, or 202 where it queues work) has a JSON body type and its 400 a problem+json one.
 */
export function clientSnippet(document: OpenAPI3): { text: string; operations: number } {
  const lines = [PRELUDE, 'export async function callEveryOperation(): Promise<void> {'];
  let operations = 0;
  for (const [path, item] of Object.entries(document.paths ?? {}))
    for (const method of ['get', 'post'] as const) {
      const operation = (item as Record<string, Operation | undefined>)[method];
      if (!operation) continue;
      const n = operations++;
      const params: Record<string, Record<string, unknown>> = {};
      for (const p of operation.parameters ?? []) (params[p.in] ??= {})[p.name] = exampleOf(p);
      const body = bodyOf(document, operation);
      const op = `paths[${JSON.stringify(path)}][${JSON.stringify(method)}]`;
      const ok = operation.responses && !('200' in operation.responses) ? 202 : 200;
      lines.push(
        `  // ${operation.operationId}`,
        `  const input${n}: Input<${op}> = ${JSON.stringify({ params, ...(body && { body }) })};`,
        `  const answer${n}: Json<Status<${op}, ${ok}>> = await call(${JSON.stringify(path)}, ${JSON.stringify(method)}, input${n});`,
        `  void answer${n};`,
        `  const answerTyped${n}: Known<Json<Status<${op}, ${ok}>>> = true;`,
        `  const problemTyped${n}: Known<Problem<Status<${op}, 400>>> = true;`,
        `  void answerTyped${n}, problemTyped${n};`,
      );
    }
  lines.push('}', '');
  return { text: lines.join('\n'), operations };
}

/**
 * Generates the types of `document` with openapi-typescript into a temporary directory, writes
 * the snippet of `calls` (the same document unless a test says otherwise) beside them and
 * typechecks both with the compiler API (strict, no emit); answers the compiler's messages
 * (none when every call fits its operation's types).
 */
export async function typecheckClient(
  document: OpenAPI3,
  calls: OpenAPI3 = document,
): Promise<{ diagnostics: string[]; operations: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'typed-client-'));
  try {
    writeFileSync(join(dir, 'api.d.ts'), astToString(await openapiTS(document)));
    const snippet = clientSnippet(calls);
    writeFileSync(join(dir, 'client.ts'), snippet.text);
    const program = ts.createProgram([join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    return { diagnostics, operations: snippet.operations };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
