/**
 * The poll a tracked transfer needs, run by the one window holding its lease (core/router/coordinator.ts):
 *  - not yet registered with the router: `/v2/tx/track` again until the transaction has landed (a minute at most,
 *    core/router/landing.ts), then the status poll;
 *  - registered: the router's status (core/router/poller.ts), until a terminal state;
 *  - a lossless OP withdrawal: never the router; its rollup's OPinit executor, until the withdrawal is in an output
 *    (core/router/opWithdrawal.ts); without an executor nothing is asked (its claim time is known).
 * Each writes what it learns into the record through `save`; the tracker announces the end.
 */
import vscode = require('vscode');
import { StatusPoller } from '../core/router/poller';
import { RegistrationPoll, isNotLandedYet, registrationProblem } from '../core/router/landing';
import {
  ExecutorWatch,
  applyExecutorWithdrawal,
  claimableAt,
  findExecutorWithdrawal,
} from '../core/router/opWithdrawal';
import { boundRaw, needsPolling, type TrackedTransfer } from '../core/router/records';
import type { Poll } from '../core/router/coordinator';
import { errorMessage } from '../core/errors';
import { shorten } from '../core/format';
import type { Services } from '../platform/services';

interface PollDeps {
  services: Services;
  /** Stores the record and brings polling and the views up to date. */
  save(t: TrackedTransfer): void;
  /** The router's status reached a terminal state. */
  announce(t: TrackedTransfer): void;
  /** Why a registration is still waiting, when it is not the transaction's landing (the router does not answer). */
  waiting?(t: TrackedTransfer, reason: string | undefined): void;
}

export function pollFor(t: TrackedTransfer, immediately: boolean, deps: PollDeps): Poll | undefined {
  if (!needsPolling(t)) return undefined;
  if (t.opWithdrawal) return executorWatch(t, deps);
  if (t.registered === false) return registration(t, deps);
  return statusPoll(t, immediately, deps);
}

function registration(t: TrackedTransfer, deps: PollDeps): Poll {
  const { services } = deps;
  const poll = new RegistrationPoll(
    (signal) => services.router(t.routerUrl, t.network).track(t.txHash, t.chainId, signal),
    { since: t.registerSince ?? Date.now() },
    (event) => {
      switch (event.kind) {
        case 'waiting':
          services.log.debug(
            `Transfer ${t.txHash}: not on ${t.chainId} yet (${errorMessage(event.error)}); asking again in ${Math.round(event.retryInMs / 1000)} s`,
          );
          deps.waiting?.(t, isNotLandedYet(event.error) ? undefined : errorMessage(event.error));
          return;
        case 'registered':
          t.registered = true;
          t.explorerLink = event.ack.explorer_link ?? undefined;
          break;
        case 'failed':
          t.problem = registrationProblem(event, t.chainId);
          void vscode.window.showWarningMessage(
            vscode.l10n.t(
              'Initia: transfer {0} was not registered with the router: {1}',
              shorten(t.txHash, 8, 6),
              t.problem,
            ),
          );
          break;
      }
      deps.save(t);
    },
  );
  poll.start();
  return poll;
}

function statusPoll(t: TrackedTransfer, immediately: boolean, deps: PollDeps): Poll {
  const { services } = deps;
  const poller = new StatusPoller(
    // One poll is one request: the poller itself backs off and honours Retry-After.
    (signal) => services.router(t.routerUrl, t.network).status(t.txHash, t.chainId, signal, { retry: false }),
    // Without a route estimate (a hash tracked on its own) nothing says when it can be done: ask every few seconds
    // from the start, easing off, instead of waiting for a guessed end.
    {
      startedAt: t.trackedAt,
      estimatedSeconds: t.estimatedSeconds,
      ...(t.estimatedSeconds === undefined ? { schedule: { firstAt: 0 } } : {}),
    },
    (event) => {
      switch (event.kind) {
        case 'status':
        case 'done':
          t.last = {
            state: event.view.state,
            outcome: event.view.outcome,
            terminal: event.view.terminal,
            hops: event.view.hops,
            error: event.view.error,
            release: event.view.release,
            updatedAt: Date.now(),
            raw: boundRaw(event.status),
          };
          t.problem = undefined;
          if (event.kind === 'done') deps.announce(t);
          break;
        case 'notFoundYet':
          return;
        case 'notFound':
          t.problem = vscode.l10n.t(
            'The router does not know this transaction ({0}). Check the hash and chain, then track it again.',
            errorMessage(event.error),
          );
          void vscode.window.showWarningMessage(
            vscode.l10n.t('Initia: transfer {0} is unknown to the router.', shorten(t.txHash, 8, 6)),
          );
          break;
        case 'error':
          services.log.warn(
            `Transfer ${t.txHash}: ${errorMessage(event.error)} (next try in ${Math.round(event.retryInMs / 1000)} s)`,
          );
          return;
      }
      deps.save(t);
    },
  );
  poller.start(immediately);
  return poller;
}

function executorWatch(t: TrackedTransfer, deps: PollDeps): Poll | undefined {
  const w = t.opWithdrawal;
  if (!w?.executorUrl || !w.receiver) return undefined;
  const { services } = deps;
  const { executorUrl, receiver } = w;
  const watch = new ExecutorWatch(
    (signal) => findExecutorWithdrawal(services.executor(executorUrl), executorUrl, receiver, t.txHash, signal),
    () => !needsPolling(t),
    (event) => {
      const current = t.opWithdrawal;
      if (!current) return;
      if (event.kind === 'error') {
        services.log.warn(
          `Withdrawal ${t.txHash}: the executor did not answer (${errorMessage(event.error)}); next try in ${Math.round(event.retryInMs / 1000)} s`,
        );
        return;
      }
      current.checkedAt = Date.now();
      if (event.kind === 'seen') {
        const next = applyExecutorWithdrawal(current, event.withdrawal);
        t.opWithdrawal = { ...current, ...next };
        t.claimableAt = claimableAt(t.opWithdrawal, t.trackedAt);
      }
      deps.save(t);
    },
  );
  watch.start();
  return watch;
}
