/**
 * The error answers KVK documents for its APIs (besides "not found") and what each becomes here:
 * title, KVK's status, its IPD code, our status, our problem code.
 */
export const KVK_FAILURES: readonly (readonly [
  string,
  number,
  string | undefined,
  number,
  string,
])[] = [
  ['400 IPD0004', 400, 'IPD0004', 400, 'validation_failed'],
  ['401 (our key refused)', 401, undefined, 502, 'upstream_bad_response'],
  ['403 (not authorised)', 403, undefined, 502, 'upstream_bad_response'],
  ['406 (media type)', 406, undefined, 502, 'upstream_bad_response'],
  ['429', 429, undefined, 503, 'upstream_unavailable'],
  ['500 IPD1002 (temporarily unavailable)', 500, 'IPD1002', 503, 'upstream_unavailable'],
  ['500 IPD1003', 500, 'IPD1003', 503, 'upstream_unavailable'],
  ['500 IPD9999', 500, 'IPD9999', 503, 'upstream_unavailable'],
];

/** KVK's error body with the code, or a body without one. */
export const kvkFailureBody = (title: string, code: string | undefined) =>
  code ? { fout: [{ code, omschrijving: title }] } : { error: title };
