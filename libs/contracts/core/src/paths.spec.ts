import { openApiPath, pathParamNames } from './paths.js';

describe('catalog paths', () => {
  it('should write a path the OpenAPI way and name its parameters in order', () => {
    const path = '/v1/kvk/:companyNumber/branch/:branch';
    expect(openApiPath(path)).toBe('/v1/kvk/{companyNumber}/branch/{branch}');
    expect(pathParamNames(path)).toEqual(['companyNumber', 'branch']);
    expect(openApiPath('/v1/cbs/sbi')).toBe('/v1/cbs/sbi');
    expect(pathParamNames('/v1/cbs/sbi')).toEqual([]);
  });
});
