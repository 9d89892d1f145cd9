import { hasBidiControls, hasStackedMarks, hasVisibleText, isValidPhone, MAX_STACKED_MARKS } from '@facet/contracts';
import { type ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, ValidateIf, type ValidationArguments, type ValidationOptions, type ValidatorOptions } from 'class-validator';
import { MAX_JSON_DEPTH } from './storable-input';

/**
 * The most telling constraint first: a missing or unknown field, then a wrong type, then a bad value.
 * One message per field is clearer than every rule the value broke.
 */
const PRIORITY = [
  'whitelistValidation',
  'isDefined',
  'isNotEmpty',
  'isString',
  'hasVisibleText',
  'noBidiControls',
  'noStackedMarks',
  'isQueryNumber', // a number's spelling (page-query.dto.ts): said before what the text is not
  'isInt',
  'isNumber',
  'isBoolean',
  'isArray',
  'isObject',
  'isIn',
  'isEnum',
  'isUuid',
  'isEmail',
];

function mainConstraint(constraints: Record<string, string>): string {
  const key = PRIORITY.find((k) => k in constraints) ?? Object.keys(constraints)[0];
  return constraints[key];
}

/** Flattens class-validator errors into `{ field, message }`, with nested paths like items.0.quantity. */
export function flattenValidationErrors(
  errors: ValidationError[],
  parent = '',
  out: { field: string; message: string }[] = [],
): { field: string; message: string }[] {
  for (const e of errors) {
    const field = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints && Object.keys(e.constraints).length) {
      const message = mainConstraint(e.constraints);
      out.push({
        field,
        message: message
          .replace(/^property (\S+) should not exist$/, 'unknown field $1 is not allowed')
          // class-validator's words for NaN and ±Infinity (a JSON number like 1e400 parses as Infinity).
          .replace(/^(\S+) must be a number conforming to the specified constraints$/, '$1 must be a finite number'),
      });
    }
    // Into the one list (spreading a long list of children as arguments overflowed the stack).
    if (e.children?.length) flattenValidationErrors(e.children, field, out);
  }
  return out;
}

/** A 400 names at most this many problems: the first ones say what is wrong; thousands more only weigh. */
const MAX_REPORTED_ERRORS = 50;

/** Paths of non-integer numbers JavaScript writes in exponent form (like 7.5e-55). */
function exponentNumbers(value: unknown, path = '', depth = 0): string[] {
  if (typeof value === 'number') return value % 1 !== 0 && /e/i.test(String(value)) ? [path || 'body'] : [];
  if (!value || typeof value !== 'object' || depth > 8) return [];
  return Object.entries(value).flatMap(([k, v]) => exponentNumbers(v, path ? `${path}.${k}` : k, depth + 1));
}

const VERBATIM = 'facet:verbatim';

/**
 * A field kept exactly as sent, not put in NFC like all other text: a password (its hash was made of the
 * characters typed when the account was made, and a different spelling must not open it), a value that
 * finds a record stored before (an account's e-mail at sign-in), or data that is not text to read (a data URL).
 */
export function Verbatim(): PropertyDecorator {
  return (target, key) => Reflect.defineMetadata(VERBATIM, true, target, key);
}

/**
 * Every string of a validated body or query put in NFC, in place, but for Verbatim fields. "é" typed as e and
 * a combining accent (NFD, as some keyboards and pasted text send it) is then stored as the one character
 * everyone else sends: one spelling of a name, found by a search typed either way, counted once by MaxLength.
 */
function toNfc(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (!value || typeof value !== 'object' || depth > MAX_JSON_DEPTH || ArrayBuffer.isView(value)) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!Array.isArray(record) && Reflect.getMetadata(VERBATIM, record, key)) continue;
    record[key] = toNfc(record[key], depth + 1);
  }
  return value;
}

/** Object.prototype's own members (constructor, __proto__, hasOwnProperty, toString, ...) and "prototype". */
const PROTOTYPE_KEYS = new Set([...Object.getOwnPropertyNames(Object.prototype), 'prototype']);

/**
 * The paths of keys named after Object.prototype's members, at any depth. Nest strips __proto__, prototype
 * and constructor before validating, and class-transformer skips keys that name an inherited function
 * (toString, hasOwnProperty, ...): whitelist validation then never saw them, and they were dropped without
 * a word where any other unknown field is a 400. No input of the shop has a field of such a name.
 */
function prototypeKeys(value: unknown, path = '', depth = 0, out: string[] = []): string[] {
  if (!value || typeof value !== 'object' || depth > MAX_JSON_DEPTH || ArrayBuffer.isView(value)) return out;
  for (const key of Object.keys(value)) {
    if (out.length >= MAX_REPORTED_ERRORS) break;
    const field = path ? `${path}.${key}` : key;
    if (!Array.isArray(value) && PROTOTYPE_KEYS.has(key)) out.push(field);
    else prototypeKeys((value as Record<string, unknown>)[key], field, depth + 1, out);
  }
  return out;
}

/** One 400 for these problems: the detail names each, after the first MAX_REPORTED_ERRORS only how many more. */
function refusal(all: { field: string; message: string }[]): BadRequestException {
  const list = all.slice(0, MAX_REPORTED_ERRORS);
  const more = all.length > list.length ? `; and ${all.length - list.length} more` : '';
  return new BadRequestException({
    detail: list.map((e) => (e.message.startsWith(e.field) ? e.message : `${e.field}: ${e.message}`)).join('; ') + more,
    errors: list,
  });
}

/**
 * The shop's ValidationPipe: keys named after Object.prototype's members refused like any unknown field (see
 * prototypeKeys), and text in NFC before it is checked (see toNfc).
 *
 * class-validator 0.14's IsNumber({ maxDecimalPlaces }) throws a TypeError on numbers like 1e-7 (it splits
 * their text on '.'), which would be a 500. Such numbers always have too many decimal places: say so.
 */
class FacetValidationPipe extends ValidationPipe {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if ((metadata.type === 'body' || metadata.type === 'query') && this.toValidate(metadata)) {
      const keys = prototypeKeys(value);
      if (keys.length) throw refusal(keys.map((field) => ({ field, message: `unknown field ${field.split('.').pop()} is not allowed` })));
    }
    return super.transform(value, metadata);
  }

  protected async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    toNfc(object);
    try {
      return await super.validate(object, validatorOptions);
    } catch (error) {
      const fields = error instanceof TypeError ? exponentNumbers(object) : [];
      if (!fields.length) throw error;
      const errors = fields.map((field) => ({ field, message: `${field} has too many decimal places` }));
      throw new BadRequestException({ detail: errors.map((e) => e.message).join('; '), errors });
    }
  }
}

/** Every input is validated at the edge: unknown fields, wrong types and out-of-range values are 400s naming the field. */
export function createValidationPipe(): ValidationPipe {
  return new FacetValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    stopAtFirstError: false,
    exceptionFactory: (errors) => refusal(flattenValidationErrors(errors)),
  });
}

/**
 * A field that may be left out but is not null. class-validator's IsOptional skips every check for null as
 * well, so {"name": null} reached handlers (whose trim() threw: a 500) or was appended as it was, and then
 * parked a projection at a NOT NULL column. Fields that do take null keep IsOptional with ValidateIf(v !== null).
 */
export function Omittable(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}

/** Several decorators as one. */
function all(...decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/**
 * Text a person reads: no character under more than MAX_STACKED_MARKS combining marks ("Zalgo" text, whose
 * marks cover the lines around it). The check is the storefront's and the console's too (hasStackedMarks).
 */
export function NoStackedMarks(options: ValidationOptions = {}): PropertyDecorator {
  return ValidateBy(
    {
      name: 'noStackedMarks',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || !hasStackedMarks(value),
        defaultMessage: (a?: ValidationArguments) =>
          `${a?.property} has a letter with more than ${MAX_STACKED_MARKS} combining marks stacked on it`,
      },
    },
    options,
  );
}

/**
 * Optional free text a person reads (a note, a description, an address line), held to NoStackedMarks. Text
 * that shows nothing (zero-width spaces, fillers, braille blanks) is taken as empty, and so stored as absent
 * the way each of these fields already stores a blank one (a note of spaces is no note). Not refused: the
 * field may be left empty, so there is nothing to ask the sender to fix, and a stray invisible character
 * pasted into a note must not fail a whole order or request; not stored: staff would see a note that is not
 * there, and a search could match what nobody can read. (Required text refuses it: there it is missing.)
 */
export function OptionalText(options: ValidationOptions = {}): PropertyDecorator {
  const blank = Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && value.trim() !== '' && !hasVisibleText(value) ? '' : value,
  );
  return all(blank, NoStackedMarks(options));
}

/**
 * Required text a person reads (a name, a subject, a message): at least one visible character, so a value of
 * zero-width spaces, format characters, Hangul fillers, braille blanks or lone combining marks is as missing
 * as an empty one, and no letter buried under combining marks (NoStackedMarks). `blank: true` also takes
 * text that is empty after trimming (an optional field cleared). The check is the storefront's too
 * (hasVisibleText and hasStackedMarks in @facet/contracts).
 */
export function VisibleText(message: string, options: { blank?: boolean } = {}): PropertyDecorator {
  return all(visibleText(message, options), NoStackedMarks());
}

function visibleText(message: string, options: { blank?: boolean }): PropertyDecorator {
  return ValidateBy(
    {
      name: 'hasVisibleText',
      validator: {
        validate: (value: unknown) =>
          typeof value === 'string' && (hasVisibleText(value) || (options.blank === true && value.trim() === '')),
        defaultMessage: () => message,
      },
    },
    { message },
  );
}

/** A name staff read in lists (a person's, a product's, a subject): no bidi override or embedding characters. */
export function NoBidiControls(): PropertyDecorator {
  return ValidateBy({
    name: 'noBidiControls',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !hasBidiControls(value),
      defaultMessage: (a?: ValidationArguments) =>
        `${a?.property} must not hold bidi override, embedding or isolate characters (U+202A-U+202E, U+2066-U+2069)`,
    },
  });
}

/**
 * A phone number by the forms' rule (isValidPhone in @facet/contracts): an optional plus, then at least 10
 * digits with spaces, dashes or parentheses; spaces (U+0020) around it are ignored, no other whitespace is
 * taken. `blank: true` also takes an empty value or spaces only (an optional phone left out or cleared).
 */
export function PhoneNumber(options: { blank?: boolean } = {}): PropertyDecorator {
  const message = 'Please enter a valid phone number';
  return ValidateBy(
    {
      name: 'phoneNumber',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && (isValidPhone(value) || (options.blank === true && /^ *$/.test(value))),
        defaultMessage: () => message,
      },
    },
    { message },
  );
}
