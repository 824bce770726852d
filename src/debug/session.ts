/**
 * The debug adapter of `initia-evm` sessions (Debug Adapter Protocol, on @vscode/debugadapter; run inline in the
 * extension host, no process or server of its own, and in plain Node by the unit tests): the launch request loads the
 * replay (`load`, given by the host: the trace streamed from the network's JSON-RPC node, the workspace's contracts),
 * then the session stops where the navigator says, forwards and back, and shows what a stop holds (frames.ts,
 * variables.ts). Thin: every answer is the replay's.
 */
import {
  DebugSession,
  InitializedEvent,
  OutputEvent,
  StoppedEvent,
  TerminatedEvent,
  Thread,
} from '@vscode/debugadapter';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { Stop } from '../core/evm/debug/navigator';
import { DISASSEMBLY, type Replay } from './replay';
import { stackOf, type ShownFrame } from './frames';
import { Inspector } from './variables';
import { readLaunchConfig, type LaunchConfig } from './launchConfig';

export type LoadReplay = (config: LaunchConfig, progress: (message: string) => void) => Promise<Replay>;

const THREAD = 1;

const STOP_WORDS: Record<Stop['reason'], string> = {
  entry: 'entry',
  step: 'step',
  breakpoint: 'breakpoint',
  exception: 'exception',
  end: 'step',
};

export class EvmDebugSession extends DebugSession {
  private replay: Replay | undefined;
  private inspector: Inspector | undefined;
  private step = 0;
  private atEnd = false;
  private shown: ShownFrame[] = [];
  private configured!: () => void;
  private readonly configurationDone = new Promise<void>((resolve) => (this.configured = resolve));

  constructor(private readonly load: LoadReplay) {
    super();
    this.setDebuggerLinesStartAt1(true);
    this.setDebuggerColumnsStartAt1(true);
  }

  protected override initializeRequest(response: DebugProtocol.InitializeResponse): void {
    response.body = {
      supportsConfigurationDoneRequest: true,
      supportsStepBack: true,
      supportsEvaluateForHovers: true,
      supportsExceptionInfoRequest: true,
      supportsTerminateRequest: true,
    };
    this.sendResponse(response);
  }

  protected override configurationDoneRequest(response: DebugProtocol.ConfigurationDoneResponse): void {
    this.sendResponse(response);
    this.configured();
  }

  protected override async launchRequest(
    response: DebugProtocol.LaunchResponse,
    raw: DebugProtocol.LaunchRequestArguments,
  ): Promise<void> {
    let args: LaunchConfig;
    try {
      args = readLaunchConfig(raw);
      this.replay = await this.load(args, (message) => this.sendEvent(new OutputEvent(`${message}\n`, 'console')));
    } catch (err) {
      this.sendErrorResponse(response, {
        id: 1,
        format: err instanceof Error ? err.message : String(err),
        showUser: true,
      });
      this.sendEvent(new TerminatedEvent());
      return;
    }
    this.inspector = new Inspector(this.replay);
    this.sendResponse(response);
    this.sendEvent(new InitializedEvent());
    await this.configurationDone;
    const nav = this.replay.navigator;
    if (args.stopOnEntry === false) this.stopAt(nav.continue(nav.first() - 1, this.replay.breakpointIds));
    else this.stopAt({ step: nav.first(), reason: 'entry' });
  }

  private stopAt(stop: Stop): void {
    const nav = this.replay!.navigator;
    this.step = stop.step;
    this.atEnd = stop.step === nav.end;
    this.shown = [];
    this.inspector?.reset();
    const event = new StoppedEvent(STOP_WORDS[stop.reason], THREAD) as DebugProtocol.StoppedEvent;
    if (this.atEnd) event.body.description = 'End of the transaction';
    if (stop.reason === 'exception') event.body.text = this.inspector?.failure(stop.step);
    this.sendEvent(event);
  }

  protected override setBreakPointsRequest(
    response: DebugProtocol.SetBreakpointsResponse,
    args: DebugProtocol.SetBreakpointsArguments,
  ): void {
    const path = args.source.path ?? (args.source.name?.startsWith(DISASSEMBLY) ? args.source.name : undefined);
    const lines = (args.breakpoints ?? []).map((b) => b.line);
    const verified = path && this.replay ? this.replay.setBreakpoints(path, lines) : lines.map(() => false);
    response.body = {
      breakpoints: lines.map((line, i) => ({
        verified: verified[i]!,
        line,
        ...(verified[i] ? {} : { message: 'This transaction does not run this line.' }),
      })),
    };
    this.sendResponse(response);
  }

  protected override threadsRequest(response: DebugProtocol.ThreadsResponse): void {
    const hash = this.replay?.input.hash ?? '';
    response.body = { threads: [new Thread(THREAD, `Transaction ${hash.slice(0, 10)}…${hash.slice(-6)}`)] };
    this.sendResponse(response);
  }

  protected override stackTraceRequest(response: DebugProtocol.StackTraceResponse): void {
    if (!this.replay || !this.inspector) return this.sendResponse(response);
    this.shown = stackOf(this.replay, (call) => this.inspector!.callName(call), this.step);
    response.body = { stackFrames: this.shown.map((f, i) => f.toDap(i + 1)), totalFrames: this.shown.length };
    this.sendResponse(response);
  }

  protected override scopesRequest(response: DebugProtocol.ScopesResponse, args: DebugProtocol.ScopesArguments): void {
    const frame = this.shown[args.frameId - 1];
    response.body = { scopes: frame && this.inspector ? this.inspector.scopes(frame) : [] };
    this.sendResponse(response);
  }

  protected override variablesRequest(
    response: DebugProtocol.VariablesResponse,
    args: DebugProtocol.VariablesArguments,
  ): void {
    response.body = { variables: this.inspector?.variables(args.variablesReference) ?? [] };
    this.sendResponse(response);
  }

  protected override sourceRequest(response: DebugProtocol.SourceResponse, args: DebugProtocol.SourceArguments): void {
    const name = args.source?.name ?? '';
    const listing = name.startsWith(DISASSEMBLY) ? this.replay?.listing(name.slice(DISASSEMBLY.length)) : undefined;
    response.body = { content: listing ? listing.lines.join('\n') : '', mimeType: 'text/plain' };
    this.sendResponse(response);
  }

  protected override evaluateRequest(
    response: DebugProtocol.EvaluateResponse,
    args: DebugProtocol.EvaluateArguments,
  ): void {
    const frame = this.shown[(args.frameId ?? 1) - 1] ?? this.shown[0];
    const value = frame && this.inspector?.evaluate(frame, args.expression.trim());
    if (value === undefined) {
      this.sendErrorResponse(response, { id: 2, format: `${args.expression} is not known here`, showUser: false });
      return;
    }
    response.body = { result: value, variablesReference: 0 };
    this.sendResponse(response);
  }

  protected override exceptionInfoRequest(response: DebugProtocol.ExceptionInfoResponse): void {
    const text = this.inspector?.failure(this.step) ?? 'The transaction failed here.';
    response.body = { exceptionId: 'revert', description: text, breakMode: 'always' };
    this.sendResponse(response);
  }

  protected override continueRequest(response: DebugProtocol.ContinueResponse): void {
    this.sendResponse(response);
    if (!this.replay) return;
    if (this.atEnd) return this.sendEvent(new TerminatedEvent());
    this.stopAt(this.replay.navigator.continue(this.step, this.replay.breakpointIds));
  }

  protected override reverseContinueRequest(response: DebugProtocol.ReverseContinueResponse): void {
    this.sendResponse(response);
    if (this.replay) this.stopAt(this.replay.navigator.reverseContinue(this.step, this.replay.breakpointIds));
  }

  protected override nextRequest(response: DebugProtocol.NextResponse): void {
    this.move(response, (nav) => nav.next(this.step));
  }

  protected override stepInRequest(response: DebugProtocol.StepInResponse): void {
    this.move(response, (nav) => nav.stepIn(this.step));
  }

  protected override stepOutRequest(response: DebugProtocol.StepOutResponse): void {
    this.move(response, (nav) => nav.stepOut(this.step));
  }

  protected override stepBackRequest(response: DebugProtocol.StepBackResponse): void {
    this.move(response, (nav) => nav.stepBack(this.step));
  }

  private move(response: DebugProtocol.Response, to: (nav: Replay['navigator']) => number): void {
    this.sendResponse(response);
    if (!this.replay) return;
    const nav = this.replay.navigator;
    if (this.atEnd && to(nav) >= nav.end) return this.sendEvent(new TerminatedEvent());
    const step = to(nav);
    this.stopAt({
      step,
      reason: nav.isFailing(step) ? 'exception' : step === nav.end && !nav.stop[step] ? 'end' : 'step',
    });
  }

  protected override terminateRequest(response: DebugProtocol.TerminateResponse): void {
    this.sendResponse(response);
    this.sendEvent(new TerminatedEvent());
  }
}
