/**
 * What the bridge page asks the host, and what it does with the answers: each flow sends typed requests through the
 * client and dispatches what comes back to the store (state.ts); it never touches the DOM. The components call these
 * as their actions (state.ts's BridgeActions, named for what the user means), so they know neither the host nor the
 * protocol's requests. The form goes to the host from one place (`followForm`), whatever changed it.
 */
import { formKey, type Form, type FormField, type OPS, type TransferInfo, type BridgeState } from '../protocol';
import { errorText } from '../../webview/lib/dom';
import type { Page } from '../../webview/lib/page';
import { sameItems, type Store } from '../../webview/lib/store';
import {
  blocked,
  chainOf,
  formOf,
  isLive,
  routeAddresses,
  type Action,
  type BridgeActions,
  type BridgeUi,
  type Side,
  type Slot,
} from './state';

const SENDER_BALANCES_MS = 400;

export class BridgeFlows implements BridgeActions {
  private checkSeq = 0;
  private senderTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: Store<BridgeUi, Action>,
    private readonly page: Pick<Page<typeof OPS, BridgeState>, 'client' | 'ask'>,
  ) {
    this.followForm();
  }

  private get client(): Page<typeof OPS, BridgeState>['client'] {
    return this.page.client;
  }

  private get state(): BridgeUi {
    return this.store.state;
  }

  private dispatch(action: Action): void {
    this.store.dispatch(action);
  }

  /** Runs a request behind the busy ring; its failure is said at `slot`. */
  private async run<T>(slot: Slot, busy: string, work: () => Promise<T>): Promise<T | undefined> {
    this.dispatch({ type: 'error', slot, text: undefined });
    this.dispatch({ type: 'busy', label: busy });
    try {
      return await work();
    } catch (err) {
      this.dispatch({ type: 'error', slot, text: errorText(err) });
      return undefined;
    } finally {
      this.dispatch({ type: 'busy', label: undefined });
    }
  }

  /** The first message of a document (or of a network switch): load the lists (the form goes to the host with it). */
  start(): void {
    this.loadChains();
    void this.loadAssets('source');
    void this.loadAssets('dest');
    const tracking = this.state.saved.tracking;
    if (tracking) {
      const route = this.state.saved.route?.route;
      this.client.request('watch', { ...tracking, route }).then(
        (t) => this.dispatch({ type: 'transfer', transfer: t }),
        (err: unknown) => this.dispatch({ type: 'error', slot: 'timeline', text: errorText(err) }),
      );
    }
  }

  private loadChains(): void {
    this.client.request('chains', {}).then(
      (reply) => this.dispatch({ type: 'chains', chains: reply.chains }),
      (err: unknown) => {
        const text = `The router's chains could not be loaded: ${errorText(err)}`;
        this.dispatch({ type: 'chains', error: text });
        this.dispatch({ type: 'error', slot: 'form', text });
      },
    );
  }

  /** Loads a chain's assets (with the sender's balances for the source side), then checks the form again. */
  async loadAssets(side: Side): Promise<void> {
    const form = formOf(this.state);
    const chainId = chainOf(form, side);
    if (!chainId) {
      this.dispatch({ type: 'assets', side, list: undefined });
      return;
    }
    const before = this.state.assets[side];
    this.dispatch({
      type: 'assets',
      side,
      list: { chainId, reply: before?.chainId === chainId ? before.reply : undefined },
    });
    try {
      const reply = await this.client.request('assets', { chainId, address: side === 'source' ? form.sender : '' });
      this.dispatch({ type: 'assets', side, list: { chainId, reply } });
    } catch (err) {
      this.dispatch({ type: 'assets', side, list: { chainId, error: errorText(err) } });
    }
  }

  /**
   * The one place the form goes to the host: when the form changes, when its route goes live or stops being so, when
   * a chain's assets answer (the balance may make the amount too large, or fine again), and at every `init` or
   * network switch (new defaults: the host keeps the route fresh for the form it was told last, so tell it again).
   */
  private followForm(): void {
    this.store.watch(
      (s) => [s.saved.form, isLive(s), s.defaults, listed(s, 'source'), listed(s, 'dest')] as const,
      (_, s) => {
        if (s.defaults) this.edit();
      },
      sameItems,
    );
  }

  /** Tells the host the form (and whether its route is live): it checks every field and keeps the route fresh. */
  private edit(): void {
    const form = formOf(this.state);
    const mine = ++this.checkSeq;
    this.client
      .request('edit', { form, live: isLive(this.state) })
      .then((reply) => {
        // A stale reply (another edit went out since) is dropped.
        if (mine === this.checkSeq && reply.formKey === formKey(formOf(this.state)))
          this.dispatch({ type: 'check', reply });
      })
      .catch((err: unknown) => this.dispatch({ type: 'error', slot: 'form', text: errorText(err) }));
  }

  setField(key: keyof Form, value: string, touched?: FormField): void {
    this.dispatch({ type: 'field', key, value, touched });
    if (key === 'sender') {
      if (this.senderTimer !== undefined) clearTimeout(this.senderTimer);
      this.senderTimer = setTimeout(() => void this.loadAssets('source'), SENDER_BALANCES_MS);
    }
  }

  pickChain(side: Side, chainId: string): void {
    const before = this.state;
    this.dispatch({ type: 'pickChain', side, chainId });
    if (this.state !== before) void this.loadAssets(side);
  }

  pickAsset(side: Side, value: string): void {
    this.dispatch({ type: 'pickAsset', side, value });
  }

  fillMax(): void {
    const max = this.state.check?.balance?.max;
    if (max) this.setField('amount', max, 'amount');
  }

  refresh(): void {
    this.page.ask('refresh', {}, this.say('route'));
  }

  openRouteJson(): void {
    const route = this.state.saved.route;
    if (route) this.page.ask('openJson', { what: 'route', value: route.route }, this.say('route'));
  }

  copyHook(): void {
    const hook = this.state.saved.hook;
    if (hook) this.page.ask('copy', { text: JSON.stringify(hook.hook, null, 2) }, this.say('route'));
  }

  openHookJson(): void {
    const hook = this.state.saved.hook;
    if (hook) this.page.ask('openJson', { what: 'hook', value: hook.hook }, this.say('route'));
  }

  saveHook(): void {
    const hook = this.state.saved.hook;
    if (hook) this.page.ask('saveJson', { what: 'hook', value: hook.hook }, this.say('route'));
  }

  private signable(): unknown {
    return this.state.saved.msgs?.signable ?? {};
  }

  copyMessages(): void {
    this.page.ask('copy', { text: JSON.stringify(this.signable(), null, 2) }, this.say('track'));
  }

  openMessagesJson(): void {
    this.page.ask('openJson', { what: 'msgs', value: this.signable() }, this.say('track'));
  }

  saveMessages(): void {
    this.page.ask('saveJson', { what: 'msgs', value: this.signable() }, this.say('track'));
  }

  openStatusJson(): void {
    const tracking = this.state.saved.tracking;
    if (tracking) this.page.ask('openJson', { what: 'status', value: tracking }, this.say('timeline'));
  }

  openExplorer(url: string): void {
    this.page.ask('openLink', { url }, this.say('timeline'));
  }

  accept(accepted: boolean): void {
    this.dispatch({ type: 'accept', accepted });
  }

  address(index: number, value: string): void {
    this.dispatch({ type: 'address', index, value });
  }

  async getHook(): Promise<void> {
    const route = this.state.saved.route;
    if (!route) return;
    const addresses = routeAddresses(this.state.saved);
    const hook = await this.run('route', 'Getting the OP hook and checking it…', () =>
      this.client.request('opHook', { route: route.route, addresses }),
    );
    if (hook) this.dispatch({ type: 'hook', hook });
  }

  overrideHook(on: boolean): void {
    this.dispatch({ type: 'hookOverride', on });
  }

  signedHook(part: { signer?: string; hook?: string }): void {
    this.dispatch({ type: 'signedHook', signedHook: part });
  }

  async loadSignedHook(): Promise<void> {
    const loaded = await this.run('route', 'Reading the file…', () => this.client.request('readSignedHook', {}));
    if (loaded) this.dispatch({ type: 'signedHook', signedHook: { signer: loaded.signer, hook: loaded.hook ?? '' } });
  }

  async generate(): Promise<void> {
    const route = this.state.saved.route;
    if (!route) return;
    if (blocked(this.state)) {
      this.dispatch({ type: 'error', slot: 'route', text: 'Read the warning above and choose to proceed first.' });
      return;
    }
    const addresses = routeAddresses(this.state.saved);
    const s = this.state.saved.signedHook;
    const signedHook = route.view.opHookRequired
      ? { signer: (s?.signer ?? '').trim(), hook: (s?.hook ?? '').replace(/\s+/g, '') }
      : undefined;
    const slippage = formOf(this.state).slippage;
    const answer = await this.run('route', 'Checking the route and generating the messages…', () =>
      this.client.request('msgs', { route: route.route, signature: route.signature, addresses, slippage, signedHook }),
    );
    if (!answer) return;
    if (answer.kind === 'updated') this.dispatch({ type: 'routeUpdated', route: answer.route, note: answer.note });
    else this.dispatch({ type: 'msgs', msgs: answer.msgs });
  }

  override(on: boolean): void {
    this.dispatch({ type: 'override', on });
  }

  back(): void {
    this.dispatch({ type: 'back' });
  }

  async track(txHash: string, chainId: string): Promise<void> {
    const withdrawal = this.state.quote?.withdrawal ? formOf(this.state).withdrawal : undefined;
    const info = await this.run('track', 'Registering the transfer…', () =>
      this.client.request('track', {
        route: this.state.saved.route?.route,
        txHash: txHash.trim(),
        chainId: chainId.trim(),
        withdrawal,
      }),
    );
    if (info) this.dispatch({ type: 'tracked', transfer: info });
  }

  reset(): void {
    this.dispatch({ type: 'reset' });
  }

  /** A transfer update the host pushed. */
  transfer(transfer: TransferInfo): void {
    this.dispatch({ type: 'transfer', transfer });
  }

  /** Where a small request's failure is said. */
  private say(slot: Slot): (text: string | undefined) => void {
    return (text) => this.dispatch({ type: 'error', slot, text });
  }
}

/** A chain's asset list once answered (its reply or its failure); the same while it loads again. */
const listed = (s: BridgeUi, side: Side): unknown => s.assets[side]?.reply ?? s.assets[side]?.error;
