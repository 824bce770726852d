/**
 * The explorer as tools for the editor's agent (`vscode.lm.registerTool`): read-only lookups, Explain Transaction, an
 * account's transactions, a transfer's status and the network's status, as compact text with explorer links. The
 * activation shell registers a thin shell per tool declared in package.json (`contributes.languageModelTools`) and
 * calls in here on the first call, which loads the features as a command does.
 *
 * Every call: the input is checked against the tool's schema and the UI's own parsers before any request (a clear
 * sentence and no request when it is wrong); it runs on the active network, or on another configured network the
 * input names (by its name, never a URL); it honours the settings the UI honours (the clients follow the timeout,
 * size limit, proxy and transport settings; lists never exceed `initia.pageSize`); the cancellation token ends the
 * HTTP request. Nothing is sent, signed, tracked or changed, so no call needs a confirmation.
 */
import vscode = require('vscode');
import type * as z from 'zod/mini';
import { CancelledError, InputError, HttpError, InvalidBodyError, SchemaError, errorMessage } from '../core/errors';
import { firstProblem } from '../core/zodWords';
import type { NetworkProfile } from '../core/networks';
import type { TxHash } from '../core/validate';
import type { TrackedTransfer } from '../core/router/records';
import { Tool } from '../platform/ids';
import type { Services } from '../platform/services';
import type { ExplainView } from '../explain/protocol';
import { TOOL_INPUTS } from './inputs';
import {
  accountTransactions,
  explainTransaction,
  lookup,
  networkStatus,
  serverSays,
  transferStatus,
  type ToolContext,
} from './runners';
import { LIMITS, MAX_RESULT_CHARS, Result, data } from './text';

export interface ToolDeps {
  services: Services;
  explain: (hash: TxHash, network: NetworkProfile, signal: AbortSignal) => Promise<ExplainView>;
  transfers: () => readonly TrackedTransfer[];
  polledHere: (t: TrackedTransfer) => boolean;
  now?: () => number;
}

type Run = (ctx: ToolContext, input: never, out: Result) => Promise<void>;

const RUNS: Record<Tool, Run> = {
  [Tool.Lookup]: lookup,
  [Tool.ExplainTransaction]: explainTransaction,
  [Tool.AccountTransactions]: accountTransactions,
  [Tool.TransferStatus]: transferStatus,
  [Tool.NetworkStatus]: networkStatus,
};

/** What the chat shows while a tool runs. */
const WORKING: Record<Tool, (network: string) => string> = {
  [Tool.Lookup]: (n) => vscode.l10n.t('Initia: looking up on {0}…', n),
  [Tool.ExplainTransaction]: (n) => vscode.l10n.t('Initia: explaining a transaction on {0}…', n),
  [Tool.AccountTransactions]: (n) => vscode.l10n.t("Initia: listing an account's transactions on {0}…", n),
  [Tool.TransferStatus]: () => vscode.l10n.t("Initia: reading a transfer's status…"),
  [Tool.NetworkStatus]: (n) => vscode.l10n.t('Initia: reading the status of {0}…', n),
};

const isTool = (name: string): name is Tool => Object.prototype.hasOwnProperty.call(RUNS, name);

export class LanguageModelTools {
  /** How many calls ran (for tests and the bench). */
  calls = 0;

  constructor(private readonly deps: ToolDeps) {}

  /** The names this version implements (the shell registers those package.json declares; a test holds them equal). */
  get names(): readonly Tool[] {
    return Object.keys(RUNS) as Tool[];
  }

  prepare(
    name: string,
    options: vscode.LanguageModelToolInvocationPrepareOptions<unknown>,
  ): vscode.PreparedToolInvocation {
    if (!isTool(name)) return {};
    const requested = (options.input as { network?: unknown } | undefined)?.network;
    const network =
      typeof requested === 'string' && requested.trim()
        ? this.deps.services.networks.byName(requested.trim())?.name
        : this.deps.services.network.name;
    // Reads only: no confirmation. The network's name is the user's own setting, shown as text.
    return { invocationMessage: WORKING[name](network ?? vscode.l10n.t('another network')) };
  }

  async invoke(
    name: string,
    options: vscode.LanguageModelToolInvocationOptions<unknown>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    if (!isTool(name)) throw new Error(`Initia Explorer has no tool named ${name}.`);
    this.calls++;
    const input = this.parse(name, options.input);
    const network = this.network((input as { network?: string }).network);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    if (token.isCancellationRequested) controller.abort();
    const out = new Result();
    try {
      const ctx: ToolContext = {
        services: this.deps.services,
        explain: this.deps.explain,
        transfers: this.deps.transfers,
        polledHere: this.deps.polledHere,
        network,
        signal: controller.signal,
        now: this.deps.now ?? Date.now,
      };
      await RUNS[name](ctx, input as never, out);
    } catch (err) {
      if (controller.signal.aborted || err instanceof CancelledError) throw new vscode.CancellationError();
      throw new Error(failure(err));
    } finally {
      subscription.dispose();
    }
    const budget = options.tokenizationOptions?.tokenBudget;
    // About three characters a token: never more than the budget allows, and never more than the result limit.
    const max = budget ? Math.max(1000, Math.min(MAX_RESULT_CHARS, budget * 3)) : MAX_RESULT_CHARS;
    return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(out.text(max))]);
  }

  /** The input in the tool's declared shape, or the sentence that says which field is off. */
  private parse(name: Tool, value: unknown): unknown {
    const schema: z.ZodMiniType = TOOL_INPUTS[name];
    const result = schema.safeParse(value ?? {});
    if (result.success) return result.data;
    const { field, problem, sentence } = firstProblem(value, result.error);
    const text = sentence ? `${field || 'the input'}: ${problem}` : `${field || 'the input'} ${problem}`;
    throw new InputError(`Invalid input for ${name}: ${text.replace(/\.$/, '')}.`);
  }

  /** The network a call runs on: the active one, or the configured network the input names (never a URL). */
  private network(requested: string | undefined): NetworkProfile {
    const services = this.deps.services;
    const name = requested?.trim();
    if (!name) return services.network;
    if (/^[a-z][a-z0-9+.-]*:|\/\//i.test(name)) {
      throw new InputError(
        "network: give the name of a configured network, not a URL (the endpoints come only from the user's settings).",
      );
    }
    const all = services.networks.all();
    const found = all.find((n) => n.name === name) ?? all.find((n) => n.name.toLowerCase() === name.toLowerCase());
    if (found) return found;
    const byChain = all.filter((n) => n.chainId === name);
    if (byChain.length === 1) return byChain[0]!;
    throw new InputError(
      `network: no configured network is called ${data(name, LIMITS.short)}. Configured: ${all.map((n) => JSON.stringify(n.name)).join(', ')}.`,
    );
  }
}

/** Why a call failed, in a sentence the model can pass on (server text quoted as data). */
function failure(err: unknown): string {
  if (err instanceof InputError) return err.message;
  if (err instanceof HttpError) return `The request failed: ${serverSays(err)}`;
  if (err instanceof InvalidBodyError)
    return `The ${err.service} answered with something that is not JSON${err.excerpt ? `: ${data(err.excerpt, LIMITS.short)}` : ''}.`;
  // The problem may quote the value the server sent.
  if (err instanceof SchemaError)
    return `The ${err.service} answered with an unexpected shape: field ${data(err.field || '(root)', LIMITS.short)} ${data(err.problem, LIMITS.short)}.`;
  return errorMessage(err);
}
