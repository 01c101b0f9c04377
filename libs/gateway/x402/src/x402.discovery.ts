import {
  inputSchemaOf,
  pathParamNames,
  type EndpointDefinition,
  type JsonSchema,
} from '@nl/contracts-core';
import { bodySchema, requestParameters, responseSchemaOf } from '@nl/gateway-core';
import {
  bazaarResourceServerExtension,
  declareDiscoveryExtension,
  type BodyDiscoveryExtension,
  type QueryDiscoveryExtension,
} from '@x402/extensions/bazaar';
import { bareSchema, bodyCuts, fitted, typed } from './x402.discovery-schemas.js';
import { encodeHeader, routeKey } from './x402.requirements.js';

type Json = Record<string, unknown>;

/**
 * The most the extension may take of the `PAYMENT-REQUIRED` header, base64 included. A client
 * echoes it in `PAYMENT-SIGNATURE`, and request headers over 16 KB are refused (431), as they
 * are by Node's own HTTP client in an answer: a deep answer schema is cut to fit.
 */
export const DISCOVERY_HEADER_LIMIT = 7 * 1024;

/** The Bazaar discovery extension of an HTTP route: a GET's (query) or a POST's (body). */
export type HttpDiscoveryExtension = QueryDiscoveryExtension | BodyDiscoveryExtension;

/** The `extensions` of a 402: the Bazaar discovery extension under its key. */
export type DiscoveryExtensions = { readonly bazaar: HttpDiscoveryExtension };

/** The path parameters of a concrete `url` path when one of the endpoint's routes matches it. */
function pathValues(endpoint: EndpointDefinition, url: string): Record<string, string> {
  for (const route of endpoint.paths) {
    const names = pathParamNames(route);
    const pattern = new RegExp(`^${route.replace(/:\w+/g, '([^/]+)')}$`);
    const match = pattern.exec(url);
    if (match)
      return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(match[i + 1] ?? '')]));
  }
  return {};
}

/** The sandbox's first example as the input of `route`: its concrete path, query and body. */
function exampleOf(endpoint: EndpointDefinition, route: string) {
  const example = endpoint.sandbox?.examples[0];
  const url = new URL(example?.path ?? route, 'http://example.invalid');
  const params = pathValues(endpoint, url.pathname);
  const path = route.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? name),
  );
  return { path, params, query: Object.fromEntries(url.searchParams), body: example?.body ?? {} };
}

/** An object schema of some of a GET's parameters, with the rules that hold among them. */
function parametersSchema(
  parameters: ReturnType<typeof requestParameters>,
  rules: JsonSchema = {},
): Json {
  return {
    properties: Object.fromEntries(
      parameters.map((p) => [
        p.name,
        { ...(p.description !== undefined && { description: p.description }), ...p.schema },
      ]),
    ),
    ...(parameters.some((p) => p.required) && {
      required: parameters.filter((p) => p.required).map((p) => p.name),
    }),
    additionalProperties: false,
    ...rules,
  };
}

/** The builder's declaration of a GET: query parameters, and path parameters where it has some. */
function declareQuery(
  endpoint: EndpointDefinition,
  route: string,
  example: ReturnType<typeof exampleOf>,
) {
  const names = pathParamNames(route);
  const parameters = endpoint.request ? requestParameters(endpoint.request, names) : [];
  const query = parameters.filter((p) => p.in === 'query');
  const path = parameters.filter((p) => p.in === 'path');
  const schemaOf = (name: string) => parameters.find((p) => p.name === name)?.schema;
  return declareDiscoveryExtension({
    input: Object.fromEntries(
      Object.entries(example.query).map(([name, value]) => [name, typed(value, schemaOf(name))]),
    ),
    inputSchema: parametersSchema(query, endpoint.request && inputSchemaOf(endpoint.request).rules),
    ...(names.length > 0 && {
      pathParams: example.params,
      pathParamsSchema: parametersSchema(path),
    }),
  });
}

/**
 * The Bazaar discovery extension of one route of an x402 endpoint, for the `extensions` of its
 * 402: the method, the input (query and path parameters of a GET, the JSON body of a POST) with
 * the JSON schema of the request DTO and the sandbox's example, and the schema of the answer.
 * Made with the package's own builder, then enriched by its own server extension as its HTTP
 * middleware does (method, and for a route with parameters the `routeTemplate` under which a
 * facilitator catalogues every call of it); the answer's schema is added where the builder
 * would put it next to an example, which the catalog does not have.
 */
export function discoveryFor(endpoint: EndpointDefinition, route: string): DiscoveryExtensions {
  const example = exampleOf(endpoint, route);
  // A POST's body schema as documented, or smaller (still true of every valid body) when the
  // header cannot hold it beside the answer's schema.
  const bodies =
    endpoint.method === 'POST'
      ? bodyCuts(endpoint.request ? bodySchema(endpoint.request) : { type: 'object' })
      : [undefined];
  for (const [index, body] of bodies.entries()) {
    try {
      return described(endpoint, route, example, body as Json | undefined);
    } catch (error) {
      if (index === bodies.length - 1) throw error;
    }
  }
  throw new Error('unreachable');
}

/** The extension with `body` as a POST's input schema; throws when it cannot fit the header. */
function described(
  endpoint: EndpointDefinition,
  route: string,
  example: ReturnType<typeof exampleOf>,
  body: Json | undefined,
): DiscoveryExtensions {
  const declared = body
    ? declareDiscoveryExtension({
        bodyType: 'json',
        input: example.body as Json,
        inputSchema: body,
      })
    : declareQuery(endpoint, route, example);
  const enriched = bazaarResourceServerExtension.enrichDeclaration?.(declared['bazaar'], {
    method: endpoint.method,
    path: example.path,
    routePattern: route,
    adapter: { getPath: () => example.path },
  }) as HttpDiscoveryExtension;
  return fitted(
    endpoint.response ? bareSchema(responseSchemaOf(endpoint.response)) : undefined,
    (output) => (output === undefined ? { bazaar: enriched } : withOutput(enriched, output)),
    (extensions) => encodeHeader(extensions).length,
    DISCOVERY_HEADER_LIMIT,
  );
}

/** The extension with the schema of the answer, where the builder puts it beside an example. */
function withOutput(extension: HttpDiscoveryExtension, output: unknown): DiscoveryExtensions {
  return {
    bazaar: {
      ...extension,
      info: { ...extension.info, output: { type: 'json' } },
      schema: {
        ...extension.schema,
        properties: {
          ...extension.schema.properties,
          output: {
            type: 'object',
            properties: { type: { type: 'string' }, example: output },
            required: ['type'],
          },
        },
      },
    } as HttpDiscoveryExtension,
  };
}

/** The extension of every route of every x402 endpoint of `catalog`, by `routeKey`. */
export function discoveryByRoute(
  catalog: readonly EndpointDefinition[],
): ReadonlyMap<string, DiscoveryExtensions> {
  return new Map(
    catalog
      .filter((endpoint) => endpoint.x402)
      .flatMap((endpoint) =>
        endpoint.paths.map((route) => [routeKey(endpoint, route), discoveryFor(endpoint, route)]),
      ),
  );
}
