import { defineConfigSection } from '@nl/platform-config';

/** The cbs service reads nothing of its own yet: SBI 2025 ships with the code. */
export type CbsSettings = Record<string, never>;

/** What the cbs service reads from the environment; no other process loads it. */
export const CBS_CONFIG = defineConfigSection<CbsSettings>('cbs', [], () => ({}));
