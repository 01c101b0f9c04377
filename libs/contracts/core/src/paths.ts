/** A catalog path's parameter names, in order: `/v1/kvk/:companyNumber` → `['companyNumber']`. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);

/** A catalog path as callers and the OpenAPI document write it: `/v1/kvk/{companyNumber}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');
