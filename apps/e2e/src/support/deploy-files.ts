import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// What the static checks of the deployment files (docker/, k8s/) share.

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every deployable app: one image, one compose service, one Deployment each. */
export const APPS = ['gateway', 'cbs', 'validation', 'rdw', 'kvk', 'property', 'ndw'] as const;

/** A file of the repository, read afresh. */
export const readRepoFile = (path: string) => readFileSync(join(ROOT, path), 'utf8');
