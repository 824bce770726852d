/**
 * A contract's `cosmwasm-schema` JSON (what `cargo schema` writes: `{contract_name, contract_version, idl_version,
 * instantiate, execute, query, migrate, sudo, responses}`, each message an `oneOf` of one-key objects) and the
 * optimizer's `checksums.txt` (`<sha256>  <name>.wasm`), which ties a workspace's schema to a contract on chain by
 * its code checksum. Pure. The schema types a message by its entry points and their fields (names, required fields,
 * unknown fields where the schema closes the object); a value's full JSON Schema validation is left to the contract.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

const JsonSchemaObject = lazySchema(() =>
  z.looseObject({
    type: z.optional(z.unknown()),
    required: z.optional(z.array(z.string())),
    properties: z.optional(z.record(z.string(), z.unknown())),
    additionalProperties: z.optional(z.unknown()),
    description: z.optional(z.string()),
    enum: z.optional(z.array(z.unknown())),
  }),
);
const MessageSchema = lazySchema(() =>
  z.looseObject({
    oneOf: z.optional(z.array(JsonSchemaObject)),
    anyOf: z.optional(z.array(JsonSchemaObject)),
  }),
);

export const ContractSchema = lazySchema(() =>
  z.looseObject({
    contract_name: z.string(),
    contract_version: z.optional(z.string()),
    instantiate: z.optional(z.unknown()),
    execute: z.optional(z.nullable(MessageSchema)),
    query: z.optional(z.nullable(MessageSchema)),
  }),
);
export type ContractSchema = z.infer<typeof ContractSchema>;

export interface EntryPoint {
  name: string;
  description?: string;
  /** The entry point's fields, with whether each is required. */
  fields: Array<{ name: string; required: boolean }>;
  /** The schema closes the object: other fields are refused. */
  closed: boolean;
}

/** The entry points of a message schema (`execute` or `query`): one per one-key object of its `oneOf`. */
export function entryPoints(message: z.infer<typeof MessageSchema> | null | undefined): EntryPoint[] {
  const out: EntryPoint[] = [];
  for (const option of [...(message?.oneOf ?? []), ...(message?.anyOf ?? [])]) {
    // A unit variant is written as a string enum (`{"type": "string", "enum": ["pause"]}`).
    for (const value of option.enum ?? [])
      if (typeof value === 'string') out.push({ name: value, fields: [], closed: true });
    const name = option.required?.[0];
    if (!name || option.required!.length !== 1) continue;
    const inner = JsonSchemaObject.safeParse(option.properties?.[name]);
    const body = inner.success ? inner.data : {};
    const required = new Set(body.required ?? []);
    out.push({
      name,
      ...(option.description ? { description: option.description } : {}),
      fields: Object.keys(body.properties ?? {}).map((f) => ({ name: f, required: required.has(f) })),
      closed: body.additionalProperties === false,
    });
  }
  return out;
}

/** What is wrong with a message against the entry points, in words; empty when it fits. */
export function checkMessage(json: unknown, points: readonly EntryPoint[]): string[] {
  if (typeof json === 'string') return points.some((p) => p.name === json) ? [] : [`"${json}" is not an entry point`];
  if (json === null || typeof json !== 'object' || Array.isArray(json))
    return ['a message is a JSON object with one key'];
  const keys = Object.keys(json);
  if (keys.length !== 1) return [`a message has one key (its entry point), not ${keys.length}`];
  const point = points.find((p) => p.name === keys[0]);
  if (!point)
    return [`"${keys[0]}" is not an entry point of this contract (it has ${points.map((p) => p.name).join(', ')})`];
  const body = (json as Record<string, unknown>)[keys[0]!];
  const given = body !== null && typeof body === 'object' ? Object.keys(body) : [];
  const problems = point.fields
    .filter((f) => f.required && !given.includes(f.name))
    .map((f) => `"${f.name}" is required`);
  if (point.closed) {
    const known = new Set(point.fields.map((f) => f.name));
    problems.push(...given.filter((g) => !known.has(g)).map((g) => `"${g}" is not a field of ${point.name}`));
  }
  return problems;
}

/** `checksums.txt`: sha256 (lower-case hex) → the .wasm file it is of. */
export function parseChecksums(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^([0-9a-fA-F]{64})\s+\*?(\S+\.wasm)\s*$/.exec(line.trim());
    if (m) out.set(m[1]!.toLowerCase(), m[2]!);
  }
  return out;
}
