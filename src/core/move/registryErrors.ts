/**
 * The chain registry's hand-written abort names (initia-registry: `errors/0x1.json` for the standard library,
 * `errors/<chain_name>/<address>.json` for a few others; error.schema.json): `errors[module][decimal code]` → a
 * sentence. The last source before the category alone (naming.ts), and the one InterwovenKit reads. The files sit
 * beside the registry's `chains.json`, so their URL comes from the registry the user chose, never from elsewhere.
 */
import * as z from 'zod/mini';
import { lazySchema } from '../lazySchema';

export const RegistryErrorsFile = lazySchema(() =>
  z.looseObject({
    module_address: z.string(),
    chain_name: z.optional(z.string()),
    errors: z.record(z.string(), z.record(z.string(), z.string())),
  }),
);
export type RegistryErrorsFile = z.infer<typeof RegistryErrorsFile>;

/**
 * Where the registry keeps a module address's names: `errors/0x1.json` for 0x1 (every chain's standard library),
 * `errors/<chain_name>/<64-hex address>.json` otherwise. Relative to the registry's chains.json URL.
 */
export function registryErrorsUrl(
  chainsJsonUrl: string,
  address: string,
  chainName: string | undefined,
): URL | undefined {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{1,64}$/.test(hex)) return undefined;
  if (/^0*1$/.test(hex)) return new URL('errors/0x1.json', chainsJsonUrl);
  if (!chainName || !/^[a-z0-9][a-z0-9_-]*$/i.test(chainName)) return undefined;
  return new URL(`errors/${encodeURIComponent(chainName)}/0x${hex.padStart(64, '0')}.json`, chainsJsonUrl);
}

/** The registry's sentence for a module's abort code, or undefined. */
export function registryError(file: RegistryErrorsFile, module: string, code: bigint): string | undefined {
  return file.errors[module]?.[code.toString()];
}
