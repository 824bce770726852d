/** Turns a zod validation failure into a SchemaError that names the first field that is off, in words. */
import type * as z from 'zod/mini';
import { SchemaError } from './errors';
import { markOnce } from './marks';

export function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, service: string): z.infer<S> {
  const result = schema.safeParse(value);
  markOnce('validated');
  if (result.success) return result.data as z.infer<S>;
  const { field, problem } = firstProblem(value, result.error);
  throw new SchemaError(service, field, problem);
}

/**
 * The first issue of a failed parse, in words: the dotted field and what is wrong with it (a predicate after the
 * field, "is missing"; or, from a custom check, a sentence of its own).
 */
export function firstProblem(value: unknown, error: z.core.$ZodError): { field: string; problem: string; sentence: boolean } {
  const issue = error.issues[0];
  if (!issue) return { field: '', problem: 'is not valid', sentence: false };
  return { field: formatPath(issue.path), problem: describeIssue(issue, valueAt(value, issue.path)), sentence: issue.code === 'custom' };
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = value;
  for (const part of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[part];
  }
  return v;
}

function kindOf(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}

function describeIssue(issue: z.core.$ZodIssue, received: unknown): string {
  switch (issue.code) {
    case 'invalid_type':
      return received === undefined ? `is missing (expected ${issue.expected})` : `should be ${article(issue.expected)} but is ${kindOf(received)}`;
    case 'invalid_format':
      return `has an unexpected format: ${kindOf(received)}`;
    case 'invalid_union':
      return `has an unexpected type: ${kindOf(received)}`;
    case 'custom':
      return issue.message;
    default:
      return `is not valid (${issue.code}): ${kindOf(received)}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
