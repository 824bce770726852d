/**
 * `Initia: Call Move View Function…`: a module's `#[view]` functions listed from its on-chain ABI, each type argument
 * and argument asked for with its type's rule and an example (core/move/jsonArgs.ts: an `init1…` address is sent as
 * hex, u64 and wider as strings; a value that breaks a rule is refused as it is typed), then one `view/json` request.
 * The answer opens as a read-only JSON document: the result, gas used and the events. Nothing is signed.
 */
import vscode = require('vscode');
import type { MoveClient } from '../core/move/client';
import { exampleFor, jsonArg, ruleFor } from '../core/move/jsonArgs';
import { parseModuleRef, signatureOf, viewFunctions } from '../core/move/refs';
import type { MoveFunction } from '../core/move/schemas';
import { errorMessage } from '../core/errors';
import { obtain, refuse } from '../platform/input';

export interface ViewCallDeps {
  /** The active network's Move REST client and its name; undefined when the network has no Move REST. */
  moves(): { client: MoveClient; network: string } | undefined;
  /** Keeps a result's JSON text as a read-only document and answers its address. */
  results: { add(name: string, text: string): vscode.Uri };
}

export interface ViewCallOptions {
  /** `address::module`; asked for when missing. */
  module?: unknown;
  /** The function's name, and each argument as typed (skip the prompts: tests, other extensions). */
  fn?: string;
  typeArgs?: string[];
  args?: string[];
}

/** Runs the command; resolves to the result document's address, or undefined when dismissed or refused. */
export async function callMoveView(deps: ViewCallDeps, options: ViewCallOptions = {}): Promise<vscode.Uri | undefined> {
  const moves = deps.moves();
  if (!moves)
    return refuse('This network has no Move REST endpoint (restUrl): set one in its profile, or pick a Move network.');
  const ref = await obtain(
    options.module,
    parseModuleRef,
    vscode.l10n.t('The Move module whose view functions to list'),
    '0x1::fungible_asset or init1…::vault',
  );
  if (!ref) return undefined;
  let fns: MoveFunction[];
  try {
    fns = viewFunctions((await moves.client.module(ref.address, ref.module)).abi);
  } catch (e) {
    return refuse(vscode.l10n.t('{0}::{1} could not be read: {2}', ref.address, ref.module, errorMessage(e)));
  }
  if (fns.length === 0) return refuse(vscode.l10n.t('{0}::{1} has no view functions.', ref.address, ref.module));
  const fn = await pickFunction(fns, options.fn);
  if (!fn) return undefined;
  const typeArgs = await askTypeArgs(fn, options.typeArgs);
  if (!typeArgs) return undefined;
  const args = await askArgs(fn, options.args);
  if (!args) return undefined;
  return run(deps, moves, { ...ref, fn, typeArgs, args });
}

async function pickFunction(fns: MoveFunction[], given: string | undefined): Promise<MoveFunction | undefined> {
  if (given !== undefined)
    return fns.find((f) => f.name === given) ?? refuse(vscode.l10n.t('No view function {0}.', given));
  const picked = await vscode.window.showQuickPick(
    fns.map((f) => ({ label: f.name, description: signatureOf(f), fn: f })),
    { placeHolder: vscode.l10n.t('A view function to call (read-only: nothing is signed)'), matchOnDescription: true },
  );
  return picked?.fn;
}

async function askTypeArgs(fn: MoveFunction, given: string[] | undefined): Promise<string[] | undefined> {
  const count = fn.generic_type_params?.length ?? 0;
  if (given)
    return given.length === count ? given : refuse(vscode.l10n.t('{0} takes {1} type arguments.', fn.name, count));
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const value = await vscode.window.showInputBox({
      prompt: vscode.l10n.t('Type argument T{0} of {1}', i, signatureOf(fn)),
      placeHolder: '0x1::fungible_asset::Metadata',
      ignoreFocusOut: true,
      validateInput: (v) =>
        /^[\w:<>, ]+$/.test(v.trim()) ? undefined : vscode.l10n.t('A Move type, such as 0x1::fungible_asset::Metadata'),
    });
    if (value === undefined) return undefined;
    out.push(value.trim());
  }
  return out;
}

/** Each argument's JSON text; the leading signers are not arguments of a view call. */
async function askArgs(fn: MoveFunction, given: string[] | undefined): Promise<string[] | undefined> {
  const params = fn.params.filter((p) => !/^&?signer$/.test(p));
  if (given && given.length !== params.length)
    return refuse(vscode.l10n.t('{0} takes {1} arguments.', fn.name, params.length));
  const out: string[] = [];
  for (const [i, type] of params.entries()) {
    const typed =
      given?.[i] ??
      (await vscode.window.showInputBox({
        prompt: vscode.l10n.t('Argument {0} of {1}: {2} ({3})', i + 1, fn.name, type, ruleFor(type)),
        placeHolder: exampleFor(type),
        ignoreFocusOut: true,
        validateInput: (v) => {
          const r = jsonArg(type, v);
          return r.ok ? undefined : r.error;
        },
      }));
    if (typed === undefined) return undefined;
    const arg = jsonArg(type, typed);
    if (!arg.ok) return refuse(arg.error);
    out.push(arg.json);
  }
  return out;
}

async function run(
  deps: ViewCallDeps,
  moves: { client: MoveClient; network: string },
  call: { address: string; module: string; fn: MoveFunction; typeArgs: string[]; args: string[] },
): Promise<vscode.Uri | undefined> {
  const target = `${call.address}::${call.module}::${call.fn.name}`;
  try {
    const answer = await moves.client.view({
      address: call.address,
      module: call.module,
      function: call.fn.name,
      typeArgs: call.typeArgs,
      args: call.args,
    });
    let result: unknown = answer.data;
    try {
      result = JSON.parse(answer.data);
    } catch {
      // the node's text, kept as it is
    }
    const events = (answer.events ?? []).map((e) => ({ type_tag: e.type_tag, data: parseOrText(e.data) }));
    const doc = {
      network: moves.network,
      function: target,
      type_args: call.typeArgs,
      arguments: call.args.map(parseOrText),
      result,
      gas_used: answer.gas_used ?? null,
      events,
    };
    const uri = deps.results.add(`${call.module}::${call.fn.name}`, JSON.stringify(doc, null, 2));
    await vscode.window.showTextDocument(uri, { preview: true, viewColumn: vscode.ViewColumn.Active });
    return uri;
  } catch (e) {
    return refuse(vscode.l10n.t('{0} failed: {1}', target, errorMessage(e)));
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
