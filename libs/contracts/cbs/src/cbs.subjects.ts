/** Transport subjects of the cbs service; the only place these strings are written. */
export const CBS_SUBJECTS = {
  index: 'cbs.sbi.index',
  lookup: 'cbs.sbi.lookup',
  search: 'cbs.sbi.search',
} as const;

/** Queue group of the cbs service: replicas share the work. */
export const CBS_QUEUE = 'cbs';
