import type { Type } from '@nestjs/common';
import { getMetadataStorage, ValidationTypes, type MetadataStorage } from 'class-validator';
import { TEXT_PATTERN } from './text.js';
import {
  EXCLUDES_RULE,
  presenceRulesOf,
  ruleSchemaOf,
  type JsonSchema,
  type PresenceRule,
} from './wire.js';

/** A request DTO as JSON Schema: each member as it is sent, and the rules over several. */
export interface InputSchema {
  readonly properties: Record<string, JsonSchema>;
  /** Members that must always be given. */
  readonly required: readonly string[];
  /** Keywords of the whole object: which members go together, which exclude each other. */
  readonly rules: JsonSchema;
}

/** A validator with no JSON Schema twin: the documents would not say what the server checks. */
export class UndocumentedRuleError extends Error {}

type ValidationMetadata = ReturnType<MetadataStorage['getTargetValidationMetadatas']>[number];
type Keywords = (rule: ValidationMetadata) => JsonSchema;

/** The JSON Schema twin of every class-validator rule a request DTO may use. */
const TWINS: Readonly<Record<string, Keywords>> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  min: (r) => ({ minimum: r.constraints[0] }),
  max: (r) => ({ maximum: r.constraints[0] }),
  minLength: (r) => ({ minLength: r.constraints[0] }),
  maxLength: (r) => ({ maxLength: r.constraints[0] }),
  isNotEmpty: () => ({ minLength: 1 }),
  isIn: (r) => ({ enum: [...(r.constraints[0] as unknown[])] }),
  matches: (r) => ({ pattern: patternOf(r) }),
};

/** The Unicode flag (JSON Schema's meaning) and no other: anything else the document cannot say. */
function patternOf(rule: ValidationMetadata): string {
  const [pattern, modifiers] = rule.constraints as [unknown, unknown];
  if (!(pattern instanceof RegExp) || modifiers !== undefined || pattern.flags !== 'u')
    throw new UndocumentedRuleError(
      `${String(rule.propertyName)}: a pattern must be a RegExp with the u flag alone (JSON Schema reads patterns with Unicode semantics), not ${String(pattern)}`,
    );
  return pattern.source;
}

const ORDER = ['type', 'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern'];

/** Keywords in one order whatever the order of the decorators: the type first. */
function ordered(schema: JsonSchema): JsonSchema {
  const rank = (key: string) => (ORDER.includes(key) ? ORDER.indexOf(key) : ORDER.length);
  const keys = Object.keys(schema).sort((a, b) => rank(a) - rank(b));
  return Object.fromEntries(keys.map((k) => [k, schema[k]]));
}

function merge(into: JsonSchema, more: JsonSchema, where: string): void {
  for (const [key, value] of Object.entries(more)) {
    if (key in into && JSON.stringify(into[key]) !== JSON.stringify(value))
      throw new UndocumentedRuleError(`${where}: two rules set ${key} differently`);
    into[key] = value;
  }
}

const requiredOf = (name: string) => ({ required: [name] });

/** The object keywords of the presence rules: dependentRequired, anyOf, dependentSchemas. */
function presenceKeywords(rules: ReadonlyMap<string, PresenceRule>): JsonSchema {
  const dependentRequired: Record<string, string[]> = {};
  const alternatives: JsonSchema[] = [];
  const dependentSchemas: Record<string, JsonSchema> = {};
  for (const [name, rule] of rules) {
    for (const other of rule.with ?? []) (dependentRequired[other] ??= []).push(name);
    if (rule.without) alternatives.push({ anyOf: [name, ...rule.without].map(requiredOf) });
    if (rule.excludes?.length)
      dependentSchemas[name] = { not: { anyOf: rule.excludes.map(requiredOf) } };
  }
  return {
    ...(Object.keys(dependentRequired).length && { dependentRequired }),
    ...(alternatives.length && { allOf: alternatives }),
    ...(Object.keys(dependentSchemas).length && { dependentSchemas }),
  };
}

/**
 * The JSON Schema of a request DTO, read from its class-validator rules: the one place that
 * turns what the server checks into what the documents say. Every rule must have a twin
 * (a builtin in {@link TWINS}, a custom rule its {@link DescribedAs}); one without throws, so
 * a validator cannot be added without the documents stating it. Free text without a pattern
 * gets the text rule's (no control characters), which the server applies to every input.
 */
export function inputSchemaOf(type: Type<object>): InputSchema {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  const presence = presenceRulesOf(type);
  const properties: Record<string, JsonSchema> = {};
  const optional = new Set<string>();
  const objectRules: JsonSchema = {};
  const implied: [string, string, string][] = [];
  for (const rule of metadata) {
    const name = rule.propertyName;
    const where = `${type.name}.${name}`;
    const schema = (properties[name] ??= {});
    if (rule.type === ValidationTypes.CONDITIONAL_VALIDATION) {
      if (rule.name !== 'isOptional' && !presence.has(name))
        throw new UndocumentedRuleError(
          `${where}: a condition (ValidateIf) the documents cannot state; use Presence()`,
        );
      optional.add(name);
    } else if (rule.type === ValidationTypes.IS_DEFINED) {
      if (!presence.has(name))
        throw new UndocumentedRuleError(`${where}: IsDefined outside Presence()`);
    } else if (rule.type === ValidationTypes.CUSTOM_VALIDATION && rule.name && TWINS[rule.name]) {
      merge(schema, TWINS[rule.name](rule), where);
    } else if (rule.type === ValidationTypes.CUSTOM_VALIDATION && !rule.name) {
      if (rule.constraintCls === EXCLUDES_RULE) continue;
      const described = ruleSchemaOf(rule.constraintCls);
      if (!described)
        throw new UndocumentedRuleError(
          `${where}: the custom rule ${rule.constraintCls.name} has no schema (DescribedAs)`,
        );
      merge(schema, described.property ?? {}, where);
      merge(objectRules, described.object ?? {}, where);
      for (const keyword of described.implied ?? [])
        implied.push([name, keyword, `${where}: ${rule.constraintCls.name}`]);
    } else if (rule.type !== ValidationTypes.WHITELIST) {
      throw new UndocumentedRuleError(
        `${where}: the rule ${rule.name ?? rule.type} has no JSON Schema twin`,
      );
    }
  }
  for (const [name, keyword, rule] of implied)
    if (!(keyword in (properties[name] ?? {})))
      throw new UndocumentedRuleError(`${rule} relies on ${keyword}, which no rule sets`);
  for (const [name, schema] of Object.entries(properties)) {
    if (schema['enum'] && !schema['type'])
      schema['type'] = (schema['enum'] as unknown[]).every((v) => typeof v === 'string')
        ? 'string'
        : undefined;
    if (schema['type'] === 'string' && !schema['enum'] && !schema['pattern'])
      schema['pattern'] = TEXT_PATTERN.source;
    properties[name] = ordered(schema);
  }
  return {
    properties,
    required: Object.keys(properties).filter((name) => !optional.has(name)),
    rules: { ...presenceKeywords(presence), ...objectRules },
  };
}
