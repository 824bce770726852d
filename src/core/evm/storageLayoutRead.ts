/**
 * The compiler's storage layout read from an artifact (`storageLayout` in solc's output; Foundry writes it with
 * `extra_output = ["storageLayout"]`), for storageLayout.ts to name slots with. Apart from it so that Explain's bundle,
 * which reads artifacts, and the debugger's, which names slots, share no module (pure).
 */
import * as z from 'zod/mini';

const layoutSchema = () =>
  z.object({
    storage: z.array(z.object({ label: z.string(), slot: z.string(), offset: z.number(), type: z.string() })),
    types: z.optional(
      z.nullable(
        z.record(
          z.string(),
          z.object({
            encoding: z.string(),
            label: z.string(),
            key: z.optional(z.string()),
            value: z.optional(z.string()),
          }),
        ),
      ),
    ),
  });
export type StorageLayout = z.infer<ReturnType<typeof layoutSchema>>;
/** Made on first use: the bundles that hold this module without reading a layout do not build it. */
let schema: ReturnType<typeof layoutSchema> | undefined;

/** An artifact's storage layout, or undefined when it has none (or one this reader does not understand). */
export function readStorageLayout(artifact: unknown): StorageLayout | undefined {
  if (!artifact || typeof artifact !== 'object') return undefined;
  const parsed = (schema ??= layoutSchema()).safeParse((artifact as { storageLayout?: unknown }).storageLayout);
  return parsed.success ? parsed.data : undefined;
}
