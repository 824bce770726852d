/**
 * What a Move chain's REST answers (initia: proto/initia/move/v1/query.proto, types.proto; movevm:
 * crates/move-api/src/move_types.rs for the ABI): a module (its ABI is a JSON string, its bytecode base64), a view
 * call's answer (its data a JSON string), resources (each `move_resource` a JSON string `{type, data}`), table entries.
 * Unknown fields are allowed and dropped; the JSON strings are parsed by their own schemas, so a module whose ABI is
 * not JSON is an error in words, not a crash.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

const IntString = lazySchema(() => z.union([z.string(), z.number()]));
const Pagination = lazySchema(() =>
  z.optional(z.nullable(z.looseObject({ next_key: z.optional(z.nullable(z.string())) }))),
);

export const MoveFunction = lazySchema(() =>
  z.looseObject({
    name: z.string(),
    visibility: z.optional(z.string()),
    is_entry: z.optional(z.boolean()),
    is_view: z.optional(z.boolean()),
    generic_type_params: z.optional(z.array(z.unknown())),
    params: z.array(z.string()),
    return: z.optional(z.array(z.string())),
  }),
);
export type MoveFunction = z.infer<typeof MoveFunction>;

export const MoveAbi = lazySchema(() =>
  z.looseObject({
    address: z.string(),
    name: z.string(),
    exposed_functions: z.array(MoveFunction),
    structs: z.optional(z.array(z.unknown())),
  }),
);
export type MoveAbi = z.infer<typeof MoveAbi>;

export const ModuleResponse = lazySchema(() =>
  z.object({
    module: z.looseObject({
      address: z.string(),
      module_name: z.string(),
      abi: z.string(),
      raw_bytes: z.optional(z.nullable(z.string())),
      upgrade_policy: z.optional(z.nullable(z.string())),
    }),
  }),
);

export const ViewResponse = lazySchema(() =>
  z.looseObject({
    data: z.string(),
    events: z.optional(z.nullable(z.array(z.looseObject({ type_tag: z.string(), data: z.string() })))),
    gas_used: z.optional(z.nullable(IntString)),
  }),
);
export type ViewResponse = z.infer<typeof ViewResponse>;

const Resource = lazySchema(() =>
  z.looseObject({
    address: z.string(),
    struct_tag: z.string(),
    move_resource: z.string(),
    raw_bytes: z.optional(z.nullable(z.string())),
  }),
);
export const ResourcesResponse = lazySchema(() => z.object({ resources: z.array(Resource), pagination: Pagination }));
export type ResourcesResponse = z.infer<typeof ResourcesResponse>;

export const TableEntriesResponse = lazySchema(() =>
  z.object({
    table_entries: z.array(
      z.looseObject({
        address: z.optional(z.string()),
        key: z.string(),
        value: z.string(),
        key_bytes: z.optional(z.string()),
        value_bytes: z.optional(z.string()),
      }),
    ),
    pagination: Pagination,
  }),
);
export type TableEntriesResponse = z.infer<typeof TableEntriesResponse>;

/** A resource's `move_resource`, parsed: its type and its data. */
export const MoveResource = lazySchema(() => z.looseObject({ type: z.string(), data: z.unknown() }));
