/**
 * The words of a failed zod parse, written once for every side: the host's errors ("field amount_out should be a
 * string but is number 1000000", with the value it got) and the webviews' protocol ("route.view.amountIn.base should
 * be a string but is a number", with its kind only: a reply the page cannot read is the extension's own). The first
 * issue, its dotted path, and what is wrong with it. Pure and import-free but for zod's types: the webviews bundle it.
 */
import type * as z from 'zod/mini';

/** How the value that was received is described: itself (`number 7`, `the string "x"`) or its kind (`a number`). */
type Received = 'value' | 'kind';

/**
 * The first issue of a failed parse, in words: the dotted field and what is wrong with it (a predicate after the
 * field, "is missing"; or, from a custom check, a sentence of its own).
 */
export function firstProblem(
  value: unknown,
  error: z.core.$ZodError,
  received: Received = 'value',
): { field: string; problem: string; sentence: boolean } {
  const issue = error.issues[0];
  if (!issue) return { field: '', problem: 'is not valid', sentence: false };
  return {
    field: formatPath(issue.path),
    problem: describeIssue(issue, valueAt(value, issue.path), received),
    sentence: issue.code === 'custom',
  };
}

/**
 * The first issue as one clause naming what is off (`the value` for the whole of it): `hook should be a string but
 * is a number`, `outcome should be one of "pending", "failing"`; a custom check's own sentence, after its field.
 */
export function problemText(value: unknown, error: z.core.$ZodError, received: Received = 'kind'): string {
  const { field, problem, sentence } = firstProblem(value, error, received);
  if (sentence) return field ? `${field}: ${problem}` : problem;
  return `${field || 'the value'} ${problem}`;
}

function formatPath(path: readonly PropertyKey[]): string {
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

/** `the string "x"`, `number 7`, `null`, `an array`, `an object`, `nothing`. */
function valueText(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (typeof v === 'object') return 'an object';
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v)}`;
  return `${typeof v} ${String(v)}`;
}

/** `a string`, `a number`, `null`, `an array`, `an object`, `missing`. */
function kindText(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : article(typeof v);
}

function describeIssue(issue: z.core.$ZodIssue, received: unknown, style: Received): string {
  const what = style === 'value' ? valueText(received) : kindText(received);
  const detail = style === 'value' ? `: ${what}` : '';
  switch (issue.code) {
    case 'invalid_type':
      return received === undefined
        ? `is missing (expected ${issue.expected})`
        : `should be ${article(issue.expected)} but is ${what}`;
    case 'invalid_value':
      return `should be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return `has an unexpected format${detail}`;
    case 'invalid_union':
      return `is not any of the known kinds${detail}`;
    case 'custom':
      return issue.message;
    default:
      return `is not valid (${issue.code})${detail}`;
  }
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
