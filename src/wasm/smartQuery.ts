/**
 * `Initia: Smart Query Wasm Contract…`: a contract's address (bech32 init1…, checked before any request) and a query
 * (a JSON object with one top-level key, its entry point, checked before any request), then one smart query. Where
 * the workspace has the contract's cosmwasm-schema JSON (matched by code checksum: wasmExplain.ts), its query entry
 * points are offered as picks with an example, and the query is checked against them. The answer opens as a
 * read-only JSON document. Nothing is signed.
 */
import vscode = require('vscode');
import type { WasmClient } from '../core/wasm/client';
import { parseContractAddress, readWasmQuery } from '../core/wasm/messages';
import { checkMessage, entryPoints, type EntryPoint } from '../core/wasm/schema';
import { errorMessage } from '../core/errors';
import type { NetworkProfile } from '../core/networks';
import { obtain, refuse } from '../platform/input';
import type { SchemaLookup } from './wasmExplain';

export interface SmartQueryDeps {
  /** The active network and its CosmWasm REST client, or why it has none (a sentence). */
  wasm(): { client: WasmClient; network: NetworkProfile } | { problem: string };
  /** The workspace schema of a contract (asks the node only when the workspace has schemas). */
  schemaFor(network: NetworkProfile, contract: string): Promise<SchemaLookup>;
  /** Keeps a result's JSON text as a read-only document and answers its address. */
  results: { add(name: string, text: string): vscode.Uri };
}

type Query = Record<string, unknown>;

/** Runs the command; resolves to the answer document's address, or undefined when dismissed or refused. */
export async function smartQuery(
  deps: SmartQueryDeps,
  contractArg?: unknown,
  queryArg?: unknown,
): Promise<vscode.Uri | undefined> {
  const wasm = deps.wasm();
  if ('problem' in wasm) return refuse(wasm.problem);
  const contract = await obtain(
    contractArg,
    parseContractAddress,
    vscode.l10n.t('The CosmWasm contract to query (read-only: nothing is signed)'),
    'init1…',
  );
  if (!contract) return undefined;
  const given = queryArg === undefined || queryArg === null || queryArg === '' ? undefined : readWasmQuery(queryArg);
  if (given && !given.ok) return refuse(given.error);
  const lookup = await deps.schemaFor(wasm.network, contract);
  const points = lookup.match ? entryPoints(lookup.match.schema.query) : [];
  const check = (query: Query): string | undefined => {
    const problems = points.length ? checkMessage(query, points) : [];
    return problems.length
      ? vscode.l10n.t('Not a query of schema {0}: {1}', lookup.match!.file, problems.join('; '))
      : undefined;
  };
  let query: Query | undefined;
  if (given) {
    const problem = check(given.value);
    if (problem) return refuse(problem);
    query = given.value;
  } else query = await askQuery(points, check);
  if (!query) return undefined;
  return run(deps, wasm, contract, query, lookup);
}

/** An example of an entry point's query: its required fields, each null to fill in. */
function exampleOf(point: EntryPoint): string {
  const fields = Object.fromEntries(point.fields.filter((f) => f.required).map((f) => [f.name, null]));
  return JSON.stringify({ [point.name]: fields });
}

async function askQuery(points: EntryPoint[], check: (q: Query) => string | undefined): Promise<Query | undefined> {
  let value: string | undefined;
  if (points.length) {
    const picked = await vscode.window.showQuickPick(
      points.map((p) => ({ label: p.name, description: exampleOf(p), detail: p.description, point: p })),
      { placeHolder: vscode.l10n.t("A query of the contract's schema"), matchOnDescription: true },
    );
    if (!picked) return undefined;
    value = exampleOf(picked.point);
  }
  const validate = (text: string): string | undefined => {
    const read = readWasmQuery(text);
    return read.ok ? check(read.value) : read.error;
  };
  const typed = await vscode.window.showInputBox({
    prompt: vscode.l10n.t('The smart query, as JSON with one top-level key (its entry point)'),
    placeHolder: '{"get_count":{}}',
    value,
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() ? validate(v) : undefined),
  });
  if (typed === undefined || !typed.trim()) return undefined;
  const problem = validate(typed);
  if (problem) return refuse(problem);
  const read = readWasmQuery(typed);
  return read.ok ? read.value : undefined;
}

async function run(
  deps: SmartQueryDeps,
  wasm: { client: WasmClient; network: NetworkProfile },
  contract: string,
  query: Query,
  lookup: SchemaLookup,
): Promise<vscode.Uri | undefined> {
  const entry = Object.keys(query)[0]!;
  try {
    const answer = await wasm.client.smartQuery(contract, query);
    const doc = {
      network: wasm.network.name,
      contract,
      query,
      ...(lookup.match ? { schema: lookup.match.file } : {}),
      ...(lookup.note ? { note: lookup.note } : {}),
      answer,
    };
    const uri = deps.results.add(`${entry}`, JSON.stringify(doc, null, 2));
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Active });
    return uri;
  } catch (e) {
    return refuse(vscode.l10n.t('The query {0} of {1} failed: {2}', entry, contract, errorMessage(e)));
  }
}
