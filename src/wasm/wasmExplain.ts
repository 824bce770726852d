/**
 * A CosmWasm transaction explained on the host, for Explain and the agent tools: its CosmWasm messages read
 * (explain/wasmView.ts does the words) and, where the workspace has cosmwasm-schema files, each executed contract tied
 * to one by its code checksum (the contract's code id, then the code's checksum, from the network's REST; a code's
 * checksum never changes, so it is asked for once). Nothing is asked of the node when the workspace has no schema.
 * Smart Query Wasm Contract… (smartQuery.ts) finds its schema the same way.
 */
import vscode = require('vscode');
import { parseWasmFailure, isWasmMsg } from '../core/wasm/messages';
import { createWasmClient, type WasmClient } from '../core/wasm/client';
import { errorMessage } from '../core/errors';
import type { Tx } from '../core/indexer/schemas';
import type { NetworkProfile } from '../core/networks';
import type { Services } from '../platform/services';
import { WorkspaceWasmSchemas, type WorkspaceSchema } from './workspaceWasm';

/** A workspace schema matched to a contract (its file relative to the workspace), or why none could be looked for. */
export interface SchemaLookup {
  match?: { file: string; schema: WorkspaceSchema['schema'] };
  note?: string;
}

/** Whether a transaction is the Wasm explainer's: it has a CosmWasm message, or its log holds a contract's refusal. */
export function isWasmTx(tx: Pick<Tx, 'tx' | 'raw_log'>): boolean {
  const messages = tx.tx?.body?.messages ?? [];
  return messages.some((m) => isWasmMsg(m['@type'])) || !!(tx.raw_log && parseWasmFailure(tx.raw_log));
}

export class WasmContracts {
  private readonly workspace: WorkspaceWasmSchemas;
  /** `restUrl code id` → its checksum (codes are immutable). */
  private readonly checksums = new Map<string, Promise<string | undefined>>();

  constructor(private readonly services: Services) {
    this.workspace = new WorkspaceWasmSchemas(services.log);
  }

  /** The network's CosmWasm REST client, or undefined when it has none. */
  client(network: NetworkProfile): WasmClient | undefined {
    return this.services.wasm(network, createWasmClient);
  }

  /** The workspace schema of a contract, matched by its code's checksum; nothing is asked when there is no schema. */
  async schemaFor(network: NetworkProfile, contract: string, signal?: AbortSignal): Promise<SchemaLookup> {
    const schemas = await this.workspace.schemas();
    if (schemas.length === 0) return {};
    const client = this.client(network);
    if (!client) return {};
    try {
      const codeId = await client.codeId(contract, signal);
      const checksum = await this.checksumOf(client, codeId, signal);
      const found = checksum ? await this.workspace.forChecksum(checksum, schemas) : undefined;
      return found ? { match: { file: vscode.workspace.asRelativePath(found.uri, false), schema: found.schema } } : {};
    } catch (e) {
      if (signal?.aborted) throw e;
      return {
        note: vscode.l10n.t('The schema of contract {0} could not be looked up: {1}', contract, errorMessage(e)),
      };
    }
  }

  private checksumOf(client: WasmClient, codeId: string, signal?: AbortSignal): Promise<string | undefined> {
    const key = `${client.restUrl} ${codeId}`;
    let known = this.checksums.get(key);
    if (!known) {
      known = client.codeChecksum(codeId, signal);
      this.checksums.set(key, known);
      known.catch(() => this.checksums.delete(key));
    }
    return known;
  }

  /** A transaction's schemas by message (see `schemasOf`), or undefined when it is not a CosmWasm transaction. */
  async explain(tx: Tx, network: NetworkProfile): Promise<Awaited<ReturnType<WasmContracts['schemasOf']>> | undefined> {
    if (!isWasmTx(tx)) return undefined;
    return this.schemasOf(network, (tx.tx?.body?.messages ?? []) as Array<Record<string, unknown>>);
  }

  /** The schema matched to each executed contract of these messages, by message index, and notes of what failed. */
  async schemasOf(
    network: NetworkProfile,
    messages: ReadonlyArray<Record<string, unknown>>,
  ): Promise<{ schemas: Map<number, NonNullable<SchemaLookup['match']>>; notes: string[] }> {
    const contracts = new Map<string, Promise<SchemaLookup>>();
    const lookups = messages.map((m) => {
      const contract = m['@type'] === '/cosmwasm.wasm.v1.MsgExecuteContract' ? m.contract : undefined;
      if (typeof contract !== 'string' || !/^[a-z0-9]{1,20}1[02-9ac-hj-np-z]{6,100}$/.test(contract)) return undefined;
      if (!contracts.has(contract)) contracts.set(contract, this.schemaFor(network, contract));
      return contracts.get(contract);
    });
    const schemas = new Map<number, NonNullable<SchemaLookup['match']>>();
    await Promise.all(
      lookups.map(async (lookup, i) => {
        const match = (await lookup)?.match;
        if (match) schemas.set(i, match);
      }),
    );
    const notes = [...new Set((await Promise.all(contracts.values())).flatMap((l) => (l.note ? [l.note] : [])))];
    return { schemas, notes };
  }
}
