/** Transport subjects of the property service; the only place these strings are written. */
export const PROPERTY_SUBJECTS = {
  pandgegevens: 'property.pandgegevens.get',
  wozWaarde: 'property.woz.get',
  bagById: 'property.bag.get',
  addressSuggest: 'property.bag.suggest',
  addressNearby: 'property.bag.nearby',
  plans: 'property.plans.search',
} as const;

/** Queue group of the property service: replicas share the work. */
export const PROPERTY_QUEUE = 'property';
