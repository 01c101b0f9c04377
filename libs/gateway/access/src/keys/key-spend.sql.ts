/** The UTC day a charge counts for: in the usage rollup and in a key's spend. */
export const UTC_TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/** A key row's spend today and this month: its counters are for `spend_day` (and its month). */
export const spentToday = (k: string) =>
  `CASE WHEN ${k}.spend_day = ${UTC_TODAY} THEN ${k}.day_spent ELSE 0 END`;
export const spentThisMonth = (k: string) =>
  `CASE WHEN date_trunc('month', ${k}.spend_day) = date_trunc('month', ${UTC_TODAY}) THEN ${k}.month_spent ELSE 0 END`;
