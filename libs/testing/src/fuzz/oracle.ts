import type { Outcome } from './client.js';
import type { FuzzCase } from './generator.js';
import { KEY_PREFIX } from './valid.js';

/**
 * The judgement on one case. `no-answer` is for cases the server cannot answer at all (it
 * waits for bytes the case never sends): reported apart, not failures.
 */
export type Verdict =
  | { readonly kind: 'pass' }
  | {
      readonly kind: 'fail';
      readonly reason: string;
      /** What caused it, where that is not the case's own tag (a key in the URL echoed). */
      readonly cause?: string;
    }
  | { readonly kind: 'no-answer'; readonly reason: string };

type Response = Extract<Outcome, { kind: 'response' }>;

const PASS: Verdict = { kind: 'pass' };
const fail = (reason: string, cause?: string): Verdict => ({ kind: 'fail', reason, cause });

/** `application/json` of `Application/JSON; charset=utf-8`, or '' without a Content-Type. */
export function mediaType(response: Response): string {
  return (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Still on the operation's own route and method (HEAD mirrors GET), so its document applies. */
function onRoute(testCase: FuzzCase): boolean {
  const { method } = testCase.request;
  const sameMethod =
    method === testCase.operation.method ||
    (method === 'HEAD' && testCase.operation.method === 'GET');
  return testCase.reportAs === testCase.operation.id && sameMethod;
}

function statusVerdict(status: number): Verdict {
  if (status === 500) return fail('500');
  if (status > 500 && status < 600 && ![502, 503, 504].includes(status)) return fail('5xx');
  return PASS;
}

/**
 * Errors are problem+json, except a status the document gives a body of its own for that
 * operation (e.g. `404 {found:false}`): there plain JSON is right.
 */
function contentTypeVerdict(testCase: FuzzCase, response: Response): Verdict {
  if (response.status < 400) return PASS;
  const type = mediaType(response);
  if (type === 'application/problem+json') return PASS;
  const ownBody = onRoute(testCase) && testCase.operation.jsonStatuses.has(response.status);
  if (ownBody && type === 'application/json') return PASS;
  return fail('not problem+json');
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/**
 * A body that should be JSON must parse: every error, every JSON-typed answer, and the success
 * of a documented operation. HEAD, 204 and 304 carry none; docs and metrics are not JSON.
 */
function bodyVerdict(testCase: FuzzCase, response: Response): Verdict {
  const { status } = response;
  if (testCase.request.method === 'HEAD' || status === 204 || status === 304) return PASS;
  const type = mediaType(response);
  const documentedSuccess =
    testCase.operation.documented && onRoute(testCase) && status >= 200 && status < 300;
  if (status < 400 && !isJson(type) && !documentedSuccess) return PASS;
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(response.body));
    return PASS;
  } catch {
    return fail(response.body.length ? 'body not JSON' : 'empty body');
  }
}

/** A key sent in the URL must not come back, in any encoding: its random part must not. */
function leakVerdict(testCase: FuzzCase, response: Response): Verdict {
  if (!testCase.secret) return PASS;
  const tail = testCase.secret.slice(KEY_PREFIX.length);
  const cause = 'auth:key-in-query';
  if (response.body.toString('latin1').includes(tail))
    return fail('echoes the API key (body)', cause);
  if (Object.values(response.headers).some((v) => v.includes(tail)))
    return fail('echoes the API key (header)', cause);
  return PASS;
}

export function judge(testCase: FuzzCase, outcome: Outcome): Verdict {
  if (outcome.kind !== 'response') {
    if (testCase.mayNotAnswer && outcome.kind !== 'refused')
      return { kind: 'no-answer', reason: `${testCase.mayNotAnswer}: ${outcome.kind}` };
    return fail(outcome.kind === 'closed' ? outcome.detail : `no answer: ${outcome.kind}`);
  }
  for (const verdict of [
    statusVerdict(outcome.status),
    contentTypeVerdict(testCase, outcome),
    bodyVerdict(testCase, outcome),
    leakVerdict(testCase, outcome),
  ]) {
    if (verdict.kind !== 'pass') return verdict;
  }
  return PASS;
}
