/**
 * A launch configuration of the `initia-evm` debugger (what launch.json holds, or what Initia: Debug Transaction
 * starts), checked where it enters: the adapter's launch request and the host's configuration provider.
 */
import * as z from 'zod/mini';
import { problemText } from '../core/zodWords';
import { lazySchema } from '../core/lazySchema';

export const LaunchConfigSchema = lazySchema(() =>
  z.object({
    /** The transaction: 0x and 64 hexadecimal digits. */
    txHash: z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'should be 0x and 64 hexadecimal digits')),
    /** The network profile whose JSON-RPC node has the transaction (default: the active network). */
    network: z.optional(z.string()),
    /** Stop at the entry of the outermost call with sources (default), or run to the first breakpoint or revert. */
    stopOnEntry: z.optional(z.boolean()),
    /** Calls without sources: run through them (default), or step through their instructions. */
    withoutSource: z.optional(z.enum(['stepOver', 'disassembly'])),
  }),
);

export type LaunchConfig = z.infer<typeof LaunchConfigSchema>;

/** A launch request's arguments checked, or an error whose sentence says what is wrong and how to mend it. */
export function readLaunchConfig(raw: unknown): LaunchConfig {
  const parsed = LaunchConfigSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  throw new Error(
    `The initia-evm launch configuration is not right: ${problemText(raw, parsed.error)}. It needs "txHash": 0x and 64 hexadecimal digits.`,
  );
}
