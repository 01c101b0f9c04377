// The files of a new domain lib and its app, in the one layout every domain has (see
// docs/adding-a-domain.md). `n` holds the name in its spellings: name, Name, NAME.
import { capabilityFiles } from './capability.mjs';
import { domainLibFiles } from './domain-lib.mjs';
import { serviceAppFiles } from './service-app.mjs';
import { upstreamFiles } from './upstream.mjs';

/**
 * The domain lib and its app. `c` says what the contracts offer: `query` (a request DTO, or null
 * when the contracts have none yet), `subject` and `endpoint` (the constants the capability
 * serves).
 */
export function domainFiles(n, c) {
  return {
    ...domainLibFiles(n),
    ...capabilityFiles(n, c),
    ...upstreamFiles(n),
    ...serviceAppFiles(n),
  };
}
