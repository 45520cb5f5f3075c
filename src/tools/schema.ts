/**
 * The small JSON Schema subset the tool inputs use, and a validator driven by it.
 * Tool arguments are validated against the same objects that `tools/list` shows, so the two
 * can never disagree.
 */

/** A property schema: strings (optionally an enum), numbers with bounds, booleans. */
export type PropertySchema =
  | { readonly type: 'string'; readonly description: string; readonly enum?: readonly string[]; readonly maxLength?: number; readonly default?: string }
  | { readonly type: 'number' | 'integer'; readonly description: string; readonly minimum?: number; readonly maximum?: number; readonly default?: number }
  | { readonly type: 'boolean'; readonly description: string; readonly default?: boolean };

/** An object schema as MCP requires for `inputSchema`. */
export interface ObjectSchema {
  readonly type: 'object';
  readonly properties: Readonly<Record<string, PropertySchema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean;
}

/** Validated arguments: every known property with its checked value, defaults applied. */
export type ToolArgs = Readonly<Record<string, string | number | boolean | undefined>>;

/** Either the checked arguments or the first problem, naming the field. */
export type Validation = { readonly kind: 'ok'; readonly args: ToolArgs } | { readonly kind: 'invalid'; readonly message: string };

/**
 * Checks `input` against `schema`. Numbers outside their bounds are clamped (the documented
 * behaviour for limits), everything else that does not fit is reported with the field's name.
 * Unknown properties are ignored: clients add their own keys and refusing them helps nobody.
 */
export function validateArgs(schema: ObjectSchema, input: unknown): Validation {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) {
    return { kind: 'invalid', message: 'arguments must be an object' };
  }
  const source = input as Record<string, unknown>;
  const out: Record<string, string | number | boolean | undefined> = {};
  for (const name of schema.required ?? []) {
    const value = source[name];
    if (value === undefined || value === null) return { kind: 'invalid', message: `${name} is required` };
  }
  for (const [name, prop] of Object.entries(schema.properties)) {
    const value = source[name];
    if (value === undefined || value === null) {
      out[name] = prop.default;
      continue;
    }
    switch (prop.type) {
      case 'string': {
        if (typeof value !== 'string') return { kind: 'invalid', message: `${name} must be a string` };
        if (prop.maxLength !== undefined && value.length > prop.maxLength) {
          return { kind: 'invalid', message: `${name} must be at most ${prop.maxLength} characters (got ${value.length})` };
        }
        if (prop.enum !== undefined && !prop.enum.includes(value)) {
          return { kind: 'invalid', message: `${name} must be one of ${prop.enum.join(', ')} (got ${JSON.stringify(clipForMessage(value))})` };
        }
        out[name] = value;
        break;
      }
      case 'number':
      case 'integer': {
        if (typeof value !== 'number' || !Number.isFinite(value)) {
          return { kind: 'invalid', message: `${name} must be a number${boundsText(prop.minimum, prop.maximum)}` };
        }
        let n = prop.type === 'integer' ? Math.trunc(value) : value;
        if (prop.minimum !== undefined && n < prop.minimum) n = prop.minimum;
        if (prop.maximum !== undefined && n > prop.maximum) n = prop.maximum;
        out[name] = n;
        break;
      }
      case 'boolean': {
        if (typeof value !== 'boolean') return { kind: 'invalid', message: `${name} must be true or false` };
        out[name] = value;
        break;
      }
    }
  }
  return { kind: 'ok', args: out };
}

function boundsText(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return ` between ${min} and ${max}`;
  if (min !== undefined) return ` of at least ${min}`;
  if (max !== undefined) return ` of at most ${max}`;
  return '';
}

function clipForMessage(value: string): string {
  return value.length > 60 ? `${value.slice(0, 57)}...` : value;
}
