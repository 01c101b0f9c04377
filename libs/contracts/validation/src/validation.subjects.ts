/** Transport subjects of the validation service; the only place these strings are written. */
export const VALIDATION_SUBJECTS = {
  vat: 'validation.vat.check',
  email: 'validation.email.check',
  disposable: 'validation.email.disposable',
  dns: 'validation.dns.records',
} as const;

/** Queue group of the validation service: replicas share the work. */
export const VALIDATION_QUEUE = 'validation';
