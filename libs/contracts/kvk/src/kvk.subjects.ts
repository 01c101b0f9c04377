/** Transport subjects of the kvk service; the only place these strings are written. */
export const KVK_SUBJECTS = {
  company: 'kvk.company.get',
  branch: 'kvk.branch.get',
  search: 'kvk.company.search',
} as const;

/** Queue group of the kvk service: replicas share the work. */
export const KVK_QUEUE = 'kvk';
