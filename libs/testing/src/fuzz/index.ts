// The fuzz harness: cases from the OpenAPI document, a raw-socket client, the oracle that
// judges each answer, the runner and its report. Used by the e2e spec and `npm run fuzz`.
export { send as sendRaw, type Outcome, type SendOptions } from './client.js';
export { FAMILY_WEIGHTS, FuzzGenerator, type Family, type FuzzCase } from './generator.js';
export {
  UNDOCUMENTED_OPERATIONS,
  fuzzOperations,
  type FuzzOperation,
  type OpenApiDocument,
} from './operations.js';
export { judge, type Verdict } from './oracle.js';
export { Prng } from './prng.js';
export { provisionAdminFixtures, provisionFuzzContext } from './provision.js';
export { formatFailures, formatReport, formatStatusTable, placeholdersOf } from './report.js';
export { reproduction, serialize, type FuzzRequest } from './request.js';
export {
  runFuzz,
  type FuzzFailure,
  type FuzzNote,
  type FuzzStats,
  type RunOptions,
} from './runner.js';
export {
  FUZZ_DNS_ZONE,
  startFuzzUpstreams,
  type FuzzRecordings,
  type FuzzUpstreams,
} from './upstreams.js';
export type { FuzzContext } from './valid.js';
