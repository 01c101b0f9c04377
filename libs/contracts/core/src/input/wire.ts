import { applyDecorators } from '@nestjs/common';
import { Transform, type TransformFnParams } from 'class-transformer';
import {
  IsDefined,
  IsString,
  Matches,
  MaxLength,
  MinLength,
  Validate,
  ValidateIf,
  ValidatorConstraint,
  maxLength,
  minLength,
  type ValidationArguments,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { TEXT_PATTERN } from './text.js';

/** JSON Schema keywords, as the documents carry them. */
export type JsonSchema = Record<string, unknown>;

/**
 * Transforms that only bring an accepted input to its normal form (or read a number's text):
 * what the input schema may ignore. Any other transform could accept what no schema states,
 * and the check of the DTOs refuses it.
 */
const NORMALISERS = new WeakSet<object>();

export function isNormaliser(transform: unknown): boolean {
  return typeof transform === 'object' || typeof transform === 'function'
    ? NORMALISERS.has(transform as object)
    : false;
}

function normaliser(fn: (params: TransformFnParams) => unknown): PropertyDecorator {
  NORMALISERS.add(fn);
  return Transform(fn);
}

/** The text of a JSON number: what a query parameter of type integer or number is sent as. */
export const JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * A number sent as query text: read when it is a JSON number (`93`, `-4.5`, `1e3`), left as
 * text otherwise so the number rule refuses it. `Number()` alone would take `''` as 0, ` 93 `,
 * `0x5d` and `Infinity`, none of which the document allows.
 */
export const NumberText = () =>
  normaliser(({ value }) =>
    typeof value === 'string' && JSON_NUMBER.test(value) ? Number(value) : value,
  );

/** `true` or `false` sent as query text, read as the boolean; anything else left for `IsBoolean`. */
export const BooleanText = () =>
  normaliser(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

export interface TextRule {
  /** The form the text must have as sent (anchored, with the `u` flag); any clean text if unset. */
  readonly pattern?: RegExp;
  readonly minLength?: number;
  readonly maxLength?: number;
  /**
   * Brings a text that has the form to its normal form (trimmed, upper case, without
   * separators), which must have the form too. Never applied to a text that lacks it.
   */
  readonly normalise?: (text: string) => string;
  /** The message when the pattern does not match (a function may say what is wrong). */
  readonly message?: string | ((args: ValidationArguments) => string);
}

/**
 * A text input: its form (pattern and length) is checked on the text as sent, and the same
 * rule is what the documents state; `normalise` then only rewrites accepted text.
 */
export function Text(rule: TextRule = {}): PropertyDecorator {
  const pattern = rule.pattern ?? TEXT_PATTERN;
  const fits = (text: string) =>
    pattern.test(text) &&
    (rule.minLength === undefined || minLength(text, rule.minLength)) &&
    (rule.maxLength === undefined || maxLength(text, rule.maxLength));
  const normalise = rule.normalise;
  return applyDecorators(
    ...(normalise
      ? [
          normaliser(({ value }) =>
            typeof value === 'string' && fits(value) ? normalise(value) : value,
          ),
        ]
      : []),
    IsString(),
    ...(rule.minLength !== undefined ? [MinLength(rule.minLength)] : []),
    ...(rule.maxLength !== undefined ? [MaxLength(rule.maxLength)] : []),
    Matches(pattern, rule.message ? { message: rule.message } : undefined),
  );
}

/**
 * What a custom rule (a `@ValidatorConstraint` class) means in JSON Schema: keywords of the
 * property it is on, or of the object around it (rules over several members). `implied` names
 * the keywords of the same property that already say it all (the rule only words the refusal).
 */
export interface RuleSchema {
  readonly property?: JsonSchema;
  readonly object?: JsonSchema;
  readonly implied?: readonly string[];
}

const RULE_SCHEMAS = new WeakMap<object, RuleSchema>();

/** Declares the schema of a custom rule; a custom rule without one fails the documents' check. */
export function DescribedAs(schema: RuleSchema): ClassDecorator {
  return (target) => {
    RULE_SCHEMAS.set(target, schema);
  };
}

export function ruleSchemaOf(constraint: object): RuleSchema | undefined {
  return RULE_SCHEMAS.get(constraint);
}

/**
 * When an optional member must be given, or must not be: required as soon as one of `with` is
 * given, required while none of `without` is, and refused beside any of `excludes`.
 */
export interface PresenceRule {
  readonly with?: readonly string[];
  readonly without?: readonly string[];
  readonly excludes?: readonly string[];
  /** The message of a missing member; "`name` is required" by default. */
  readonly message?: string;
  /** The message of a member given beside one it excludes. */
  readonly excludesMessage?: string;
}

const PRESENCE = new WeakMap<object, Map<string, PresenceRule>>();

export function presenceRulesOf(type: object): ReadonlyMap<string, PresenceRule> {
  const own = new Map<string, PresenceRule>();
  for (
    let proto = type;
    proto && proto !== Function.prototype;
    proto = Object.getPrototypeOf(proto)
  )
    for (const [name, rule] of PRESENCE.get(proto) ?? []) if (!own.has(name)) own.set(name, rule);
  return own;
}

const given = (object: object, name: string) =>
  (object as Record<string, unknown>)[name] !== undefined;

@ValidatorConstraint({ name: 'excludes' })
class Excludes implements ValidatorConstraintInterface {
  validate(_value: unknown, args: ValidationArguments): boolean {
    const [others] = args.constraints as [readonly string[]];
    return !others.some((name) => given(args.object, name));
  }
  defaultMessage(args: ValidationArguments): string {
    const [others, message] = args.constraints as [readonly string[], string | undefined];
    return message ?? `give ${args.property} or ${others.join(', ')}, not both`;
  }
}

/** An optional member with a {@link PresenceRule}: checked whenever given or required. */
export function Presence(rule: PresenceRule): PropertyDecorator {
  return (target, key) => {
    const name = String(key);
    const type = target.constructor;
    if (!PRESENCE.has(type)) PRESENCE.set(type, new Map());
    PRESENCE.get(type)?.set(name, rule);
    const required = (object: object) =>
      (rule.with ?? []).some((other) => given(object, other)) ||
      (rule.without !== undefined && !rule.without.some((other) => given(object, other)));
    ValidateIf((object: object) => given(object, name) || required(object))(target, key);
    IsDefined({ message: rule.message ?? `${name} is required` })(target, key);
    if (rule.excludes?.length)
      Validate(Excludes, [rule.excludes, rule.excludesMessage])(target, key);
  };
}

DescribedAs({})(Excludes);

/** The rule of {@link Presence} `excludes`, for the schema (it is stated by the object rules). */
export const EXCLUDES_RULE: object = Excludes;
