/**
 * Parses with a zod schema; a failure becomes a SchemaError that names the first field that is off, in words
 * (zodWords.ts). A schema fastCheck.ts covers is checked in one pass first, and a value it accepts is returned as it
 * is (what zod would have returned, without the copy); anything else goes through zod.
 */
import type * as z from 'zod/mini';
import { SchemaError } from './errors';
import { compileCheck } from './fastCheck';
import { markOnce } from './marks';
import { firstProblem } from './zodWords';

export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, service: string): z.infer<S> {
  if (compileCheck(schema)?.(value)) {
    markOnce('validated');
    return value as z.infer<S>;
  }
  const result = schema.safeParse(value);
  markOnce('validated');
  if (result.success) return result.data as z.infer<S>;
  const { field, problem } = firstProblem(value, result.error);
  throw new SchemaError(service, field, problem);
}
