import { SERVICE_NAMES } from '@nl/composition';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// What the static checks of the deployment files (docker/, k8s/) share.

export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** Every deployable app: one image, one compose service, one Deployment each. */
export const APPS: readonly string[] = ['gateway', ...SERVICE_NAMES];

/** A file of the repository, read afresh. */
export const readRepoFile = (path: string) => readFileSync(join(ROOT, path), 'utf8');
