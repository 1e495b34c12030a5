/**
 * Parameter validation with the shared zod schemas (shared/api/params.ts), answered the way
 * FastAPI answers: 422 with a list of `{loc, msg, type[, input, ctx]}` items.
 */
import type { z } from 'zod';
import type { ValidationItem } from '../../../shared/api/errors';
import { validationError } from '../service/service-error';

/** Where a parameter came from, as FastAPI names it in `loc`. */
export type ParamLocation = 'query' | 'body' | 'path';

const quote = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));

/** "'a', 'b' or 'c'": pydantic's way of listing allowed values. */
function listValues(values: readonly unknown[]): string {
  const quoted = values.map(quote);
  return quoted.length <= 1
    ? (quoted[0] ?? '')
    : `${quoted.slice(0, -1).join(', ')} or ${quoted[quoted.length - 1]}`;
}

/** One zod issue as a FastAPI validation item. */
export function toValidationItem(issue: z.core.$ZodIssue, location: ParamLocation): ValidationItem {
  const loc = [location, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
  const input = (issue as { input?: unknown }).input;
  const item = (type: string, msg: string, ctx?: Record<string, unknown>): ValidationItem => ({
    type,
    loc,
    msg,
    ...(input !== undefined ? { input } : {}),
    ...(ctx ? { ctx } : {}),
  });
  // Parsed with `reportInput`, so an undefined input is a value that was not given.
  if (input === undefined && (issue.code === 'invalid_type' || issue.code === 'invalid_value')) {
    return item('missing', 'Field required');
  }
  switch (issue.code) {
    case 'custom': {
      const type = (issue.params as { type?: string } | undefined)?.type;
      return type
        ? item(type, issue.message)
        : item('value_error', `Value error, ${issue.message}`);
    }
    case 'invalid_type': {
      switch (issue.expected) {
        case 'string':
          return item('string_type', 'Input should be a valid string');
        case 'int':
          return typeof input === 'number'
            ? item(
                'int_from_float',
                'Input should be a valid integer, got a number with a fractional part',
              )
            : item('int_type', 'Input should be a valid integer');
        case 'number':
          return item('float_type', 'Input should be a valid number');
        case 'boolean':
          return item('bool_type', 'Input should be a valid boolean');
        case 'object':
          return item(
            'model_attributes_type',
            'Input should be a valid dictionary or object to extract fields from',
          );
        default:
          return item(`${issue.expected}_type`, `Input should be a valid ${issue.expected}`);
      }
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return item(
          'string_too_short',
          `String should have at least ${min} character${min === 1 ? '' : 's'}`,
          { min_length: min },
        );
      }
      return issue.inclusive
        ? item('greater_than_equal', `Input should be greater than or equal to ${min}`, { ge: min })
        : item('greater_than', `Input should be greater than ${min}`, { gt: min });
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') {
        return item(
          'string_too_long',
          `String should have at most ${max} character${max === 1 ? '' : 's'}`,
          { max_length: max },
        );
      }
      return issue.inclusive
        ? item('less_than_equal', `Input should be less than or equal to ${max}`, { le: max })
        : item('less_than', `Input should be less than ${max}`, { lt: max });
    }
    case 'invalid_value': {
      const expected = listValues(issue.values);
      return item('literal_error', `Input should be ${expected}`, { expected });
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? item(
            'string_pattern_mismatch',
            `String should match pattern '${(issue as { pattern?: string }).pattern ?? ''}'`,
            {
              pattern: (issue as { pattern?: string }).pattern,
            },
          )
        : item('value_error', `Value error, ${issue.message}`);
    case 'invalid_union':
      return item('union_error', 'Input should match one of the allowed forms');
    default:
      return item('value_error', `Value error, ${issue.message}`);
  }
}

/**
 * Parses parameters with a schema.
 * @throws ServiceError 422 with every issue as a FastAPI item.
 */
export function parseParams<S extends z.ZodType>(
  schema: S,
  input: unknown,
  location: ParamLocation,
): z.output<S> {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) return result.data;
  throw validationError(result.error.issues.map((issue) => toValidationItem(issue, location)));
}
