import { getMetadataStorage, type MetadataStorage } from 'class-validator';

type Rules = ReturnType<MetadataStorage['getTargetValidationMetadatas']>;
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

const MEMOISED = Symbol.for('nl.validation-metadata.memoised');

/**
 * class-validator works out a class's rules on every `validateSync` (filtering every rule it
 * holds and walking every class for inherited ones) and groups them by property again: a few
 * percent of a cached call, twice per call (gateway and service validate each message). The
 * rules only change when a decorator runs, so the answers are kept per class and options, and
 * forgotten whenever a rule is added. Callers only read the arrays (class-validator filters
 * them into new ones), so sharing them is safe.
 */
export function memoiseValidationMetadata(storage: MetadataStorage = getMetadataStorage()): void {
  const target = storage as MetadataStorage & { [MEMOISED]?: true };
  if (target[MEMOISED]) return;
  target[MEMOISED] = true;

  let byClass = new WeakMap<object, Map<string, Rules>>();
  let grouped = new WeakMap<Rules, Grouped>();
  const forget = () => {
    byClass = new WeakMap();
    grouped = new WeakMap();
  };

  const getRules = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  const addSchema = storage.addValidationSchema.bind(storage);

  storage.addValidationMetadata = (metadata) => {
    forget();
    addRule(metadata);
  };
  storage.addValidationSchema = (schema) => {
    forget();
    addSchema(schema);
  };
  storage.getTargetValidationMetadatas = (type, schema, always, strictGroups, groups) => {
    // An object without a prototype has no class to keep its rules by.
    if (typeof type !== 'function') return getRules(type, schema, always, strictGroups, groups);
    const key = `${schema}\u0000${always}\u0000${strictGroups}\u0000${groups ? JSON.stringify(groups) : ''}`;
    let forClass = byClass.get(type);
    if (!forClass) byClass.set(type, (forClass = new Map()));
    let rules = forClass.get(key);
    if (!rules) forClass.set(key, (rules = getRules(type, schema, always, strictGroups, groups)));
    return rules;
  };
  storage.groupByPropertyName = (metadata) => {
    let byProperty = grouped.get(metadata);
    if (!byProperty) grouped.set(metadata, (byProperty = group(metadata)));
    return byProperty;
  };
}
