/**
 * Section 2, the route: the live quote's status and age, the Fast / Lossless choice of an OP withdrawal, what is sent
 * and what arrives, the hops, the slippage, the router's warnings (to accept before going on), the addresses along
 * the route, the OP hook when one is needed, and Generate messages. While the quote is live it is refreshed by the
 * host and says so; from the messages on, the route is what they were made from and says that instead. Built once;
 * each part follows its slice of the state, and fields are never rebuilt while the route is refreshed.
 */
import { shorten } from '../../../core/format';
import { button, checkbox, progressRing, textField } from '../../../webview/components/kit';
import {
  Presence,
  h,
  replaceChildren,
  setAttr,
  setText,
  setValue,
  show,
  type ValueField,
} from '../../../webview/lib/dom';
import { sameItems, type Store } from '../../../webview/lib/store';
import { BRIDGE, addressField, errorLine } from '../../../webview/selectors';
import {
  blocked,
  formOf,
  isLive,
  quoteFor,
  routeAddresses,
  warningsKey,
  type Action,
  type BridgeUi,
  type BridgeActions,
} from '../state';
import { slotError } from './status';
import { fieldProblem, showProblem } from './form';
import { mountHook } from './hook';

/** "Quote from 4 s ago · refreshed every 10 s …" while live; what the route is to the messages or the transfer after. */
function ageText(s: BridgeUi): string {
  if (s.saved.step === 'msgs') return 'The messages below were made from this route.';
  if (s.saved.step === 'tracking') return 'The transfer below follows this route.';
  if (s.quoteAt === undefined) return '';
  const seconds = Math.max(0, Math.round((s.now - s.quoteAt) / 1000));
  return `Quote from ${seconds} s ago · refreshed every ${s.quote?.refreshSeconds ?? 10} s while this panel is visible`;
}

function statusLine(store: Store<BridgeUi, Action>, actions: BridgeActions): HTMLElement {
  const line = h('div', { class: 'quote-status', role: 'status', id: BRIDGE.quoteStatus });
  const age = h('span', { id: BRIDGE.quoteAge });
  store.watch(
    (s) => [!!s.saved.route, quoteFor(s)?.status, quoteFor(s)?.error, isLive(s)] as const,
    ([hasRoute, status, error, live]) => {
      if (!hasRoute) {
        if (status === 'loading') replaceChildren(line, progressRing(), ' Finding a route…');
        else if (status === 'error')
          replaceChildren(line, h('span', { class: 'error', id: BRIDGE.routeProblem }, error ?? 'No route.'));
        else replaceChildren(line, 'Fill in the form: the route is found as you type.');
        return;
      }
      replaceChildren(
        line,
        age,
        status === 'error' && live
          ? h('p', { class: 'error', id: BRIDGE.routeProblem }, `Refreshing failed: ${error ?? ''}`)
          : null,
        live ? button('Refresh', () => actions.refresh(), { appearance: 'secondary', id: BRIDGE.refreshRoute }) : null,
      );
    },
    sameItems,
  );
  store.watch(
    (s) => ageText(s),
    (text) => setText(age, text),
  );
  return line;
}

/** Fast or Lossless, built once: a quote refresh changes only their details, so the focus and choice stay put. */
function withdrawalChoice(store: Store<BridgeUi, Action>, actions: BridgeActions): Node {
  const option = (value: 'fast' | 'lossless', title: string) => {
    const input = h('input', {
      type: 'radio',
      name: 'withdrawal',
      id: value === 'fast' ? BRIDGE.withdrawalFast : BRIDGE.withdrawalLossless,
      value,
    });
    input.addEventListener('change', () => {
      if (input.checked) actions.setField('withdrawal', value);
    });
    const detail = h('span', { class: 'muted' });
    const row = h('div', { class: 'radio' }, input, h('label', { for: input.id }, h('strong', {}, title), detail));
    return { input, detail, row };
  };
  const fast = option('fast', 'Fast');
  const lossless = option('lossless', 'Lossless (OP bridge)');
  const choice = new Presence(
    h(
      'fieldset',
      { class: 'withdrawal', id: BRIDGE.withdrawal },
      h('legend', {}, 'Withdrawal to Initia'),
      fast.row,
      lossless.row,
      h(
        'p',
        { class: 'hint small' },
        'The OP bridge sends the whole amount but waits out its challenge period; you then claim it on Initia with your wallet.',
      ),
    ),
  );
  type Way = NonNullable<NonNullable<ReturnType<typeof quoteFor>>['withdrawal']>['fast'];
  const detailText = (o: Way) => ` ${o ? (o.error ? o.error : `${o.amountOut} · ${o.duration}`) : 'asked when chosen'}`;
  store.watch(
    (s) => (s.saved.route ? quoteFor(s)?.withdrawal : undefined),
    (w) => {
      choice.set(!!w);
      if (!w) return;
      setText(fast.detail, detailText(w.fast));
      setText(lossless.detail, detailText(w.lossless));
    },
  );
  store.watch(
    (s) => formOf(s).withdrawal,
    (way) => {
      fast.input.checked = way === 'fast';
      lossless.input.checked = way === 'lossless';
    },
  );
  return choice.node();
}

function facts(store: Store<BridgeUi, Action>): HTMLElement {
  const dl = h('dl', {});
  const hops = h('ol', { class: 'hops', 'aria-label': 'Hops' });
  store.watch(
    (s) => s.saved.route?.view,
    (view) => {
      if (!view) return;
      const fees = [
        ...view.fees.deducted.map((f) => `${f} (taken from the amount)`),
        ...view.fees.additional.map((f) => `${f} (paid on top)`),
      ];
      const amount = (a: typeof view.amountIn) => (a.whole ? `${a.whole} (${a.base})` : a.base);
      replaceChildren(
        dl,
        h('dt', {}, 'You send'),
        h('dd', { id: BRIDGE.amountIn }, amount(view.amountIn)),
        h('dt', {}, 'Expected to arrive'),
        h('dd', { id: BRIDGE.amountOut }, amount(view.amountOut)),
        view.doesSwap ? h('dt', {}, 'Minimum received') : null,
        view.doesSwap ? h('dd', { id: BRIDGE.minReceived }, view.minimumReceived ?? '—') : null,
        view.priceImpact ? h('dt', {}, 'Price impact') : null,
        view.priceImpact ? h('dd', {}, view.priceImpact) : null,
        h('dt', {}, 'Estimated duration'),
        h('dd', { id: BRIDGE.duration }, view.duration),
        h('dt', {}, 'Fees'),
        h('dd', { id: BRIDGE.fees }, fees.length ? fees.join('; ') : 'none listed by the router'),
        h('dt', {}, 'OP hook'),
        h(
          'dd',
          { id: BRIDGE.opHookRequired },
          view.opHookRequired ? 'required: get it, sign it, and paste it back below' : 'not needed',
        ),
      );
      replaceChildren(
        hops,
        ...view.steps.map((step) =>
          h(
            'li',
            {},
            h('strong', {}, step.label),
            ` ${step.chains}`,
            step.denoms ? h('span', { class: 'muted' }, ` · ${step.denoms}`) : null,
            step.via ? h('span', { class: 'muted' }, ` · via ${step.via}`) : null,
          ),
        ),
      );
    },
  );
  return h('div', {}, dl, hops);
}

function slippageControl(store: Store<BridgeUi, Action>, actions: BridgeActions): HTMLElement {
  const custom = textField(BRIDGE.slippage, 'Custom slippage %', '', 'e.g. 2', (v) => {
    if (v.trim()) actions.setField('slippage', v.trim(), 'slippage');
  });
  custom.setAttribute('aria-describedby', errorLine(BRIDGE.slippage));
  const presets = h('span', { class: 'presets' });
  const error = h('p', { id: errorLine(BRIDGE.slippage), class: 'field-error', 'aria-live': 'polite', hidden: '' });
  store.watch(
    (s) => [s.defaults?.slippagePresets, formOf(s).slippage] as const,
    ([list, slippage]) => {
      const all = list ?? ['0.1', '0.5', '1'];
      if (
        presets.childElementCount !== all.length ||
        [...presets.children].some((b, i) => b.getAttribute('data-value') !== all[i])
      ) {
        replaceChildren(
          presets,
          ...all.map((p) =>
            button(
              `${p} %`,
              () => {
                custom.value = '';
                actions.setField('slippage', p, 'slippage');
              },
              { class: 'preset', 'data-value': p },
            ),
          ),
        );
      }
      for (const b of presets.children) {
        const on = b.getAttribute('data-value') === slippage;
        setAttr(b, 'appearance', on ? 'primary' : 'secondary');
        setAttr(b, 'aria-pressed', String(on));
      }
      setValue(custom, all.includes(slippage) ? '' : slippage);
    },
    sameItems,
  );
  store.watch(
    (s) => [s.check, s.touched] as const,
    (_, s) => showProblem(error, custom, fieldProblem(s, 'slippage')),
    sameItems,
  );
  return h(
    'div',
    { class: 'field' },
    h('span', { class: 'label' }, 'Slippage tolerance'),
    h('div', { class: 'slippage', role: 'group', 'aria-label': 'Slippage tolerance' }, presets, custom),
    error,
  );
}

function warnings(store: Store<BridgeUi, Action>, actions: BridgeActions): Node {
  const list = h('ul', {});
  const accept = checkbox(BRIDGE.acceptWarning, 'I have read the warning: proceed anyway', (on) => actions.accept(on));
  const acceptRow = new Presence(accept.row);
  const box = h(
    'div',
    { class: 'warning-box', id: BRIDGE.routeWarnings, role: 'alert' },
    h('strong', {}, 'The router warns about this route'),
    list,
    acceptRow.node(),
  );
  const presence = new Presence(box);
  store.watch(
    (s) => s.saved.route?.view.warnings,
    (ws) => {
      presence.set(!!ws?.length);
      replaceChildren(
        list,
        ...(ws ?? []).map((w) => h('li', { class: 'warning' }, h('strong', {}, `${w.title}: `), w.text)),
      );
    },
  );
  store.watch(
    (s) => [isLive(s), s.saved.accepted, s.saved.route] as const,
    ([live, accepted, route]) => {
      acceptRow.set(live);
      accept.input.checked = !!route && accepted === warningsKey(route);
    },
    sameItems,
  );
  return presence.node();
}

/** The addresses along the route: built again only when the route asks for other chains, so typing is never lost. */
function addresses(store: Store<BridgeUi, Action>, actions: BridgeActions): HTMLElement {
  const grid = h('div', { class: 'grid' });
  let fields: Array<{ input: ValueField; recent: HTMLElement }> = [];
  store.watch(
    (s) => JSON.stringify(s.saved.route?.view.addresses.map((a) => [a.chainId, a.placeholder]) ?? []),
    (_, s) => {
      const view = s.saved.route?.view;
      fields = (view?.addresses ?? []).map((a, i) => ({
        input: textField(addressField(i), `Address on ${a.chainId}`, '', a.placeholder, (v) => actions.address(i, v)),
        recent: h('div', { class: 'recent', 'aria-label': `Recent addresses on ${a.chainId}` }),
      }));
      replaceChildren(grid, ...fields.map((f) => h('div', { class: 'field' }, f.input, f.recent)));
    },
  );
  store.watch(
    (s) => [s.saved.route, s.saved.addresses, s.saved.addressChains, s.saved.knownAddresses] as const,
    (_, s) => {
      const values = routeAddresses(s.saved);
      s.saved.route?.view.addresses.forEach((a, i) => {
        const f = fields[i];
        if (!f) return;
        setValue(f.input, values[i] ?? '');
        const recent = a.recent.filter((r) => r !== values[i]).slice(0, 3);
        const shown = [...f.recent.querySelectorAll('[data-address]')].map((b) => b.getAttribute('data-address'));
        if (sameItems(shown, recent)) return;
        replaceChildren(
          f.recent,
          ...(recent.length ? [h('span', { class: 'hint small' }, 'Recent: ')] : []),
          ...recent.map((r) =>
            button(shorten(r, 10, 6), () => actions.address(i, r), {
              appearance: 'icon',
              class: 'recent-address',
              title: r,
              'aria-label': `Use ${r}`,
              'data-address': r,
            }),
          ),
        );
      });
    },
    sameItems,
  );
  return h(
    'div',
    {},
    h('h3', {}, 'Addresses along the route'),
    h(
      'p',
      { class: 'hint small' },
      'Derived from your address where the chain takes the same account; check each one, and edit it if yours differs.',
    ),
    grid,
  );
}

export function mountRoute(store: Store<BridgeUi, Action>, actions: BridgeActions): Node {
  const note = h('p', { class: 'warning', id: BRIDGE.routeNote, role: 'alert' });
  const noteSlot = new Presence(note);
  const infos = h('div', {});
  const generate = button('Generate messages', () => actions.generate(), {
    id: BRIDGE.generate,
    appearance: 'primary',
  });
  const error = slotError(store, 'route', BRIDGE.routeError);
  const liveParts = h('div', {}, slippageControl(store, actions));
  const swapOnly = liveParts.firstElementChild as HTMLElement;
  const hook = new Presence(mountHook(store, actions));
  const ready = h('div', {}, addresses(store, actions), hook.node(), h('div', { class: 'actions' }, generate));
  const shown = h(
    'div',
    {},
    noteSlot.node(),
    withdrawalChoice(store, actions),
    facts(store),
    liveParts,
    warnings(store, actions),
    infos,
    h(
      'div',
      { class: 'actions' },
      button('Open route as JSON', () => actions.openRouteJson(), { appearance: 'secondary' }),
    ),
    ready,
  );
  const section = h(
    'section',
    { 'aria-labelledby': BRIDGE.routeTitle, id: BRIDGE.route },
    h('h2', { id: BRIDGE.routeTitle }, '2. Route'),
    statusLine(store, actions),
    shown,
    error,
  );
  const presence = new Presence(section);

  store.watch(
    (s) => [s.saved.step, s.saved.route, quoteFor(s)?.status, s.routeNote, s.saved.accepted] as const,
    ([step, route, status, routeNote], s) => {
      // In the Track step a transfer tracked without a route shows no route at all.
      presence.set(!(step === 'tracking' && !route));
      setAttr(section, 'aria-busy', String(status === 'loading'));
      show(shown, !!route);
      const live = isLive(s);
      show(swapOnly, live && !!route?.view.doesSwap);
      show(ready, live);
      hook.set(live && !!route?.view.opHookRequired);
      noteSlot.set(!!routeNote);
      setText(note, routeNote ?? '');
      replaceChildren(infos, ...(route?.view.infos ?? []).map((i) => h('p', { class: 'hint' }, i)));
      setText(generate, routeNote ? 'Confirm updated route' : 'Generate messages');
      const stop = blocked(s);
      setAttr(generate, 'disabled', stop ? '' : undefined);
      setAttr(generate, 'aria-disabled', stop ? 'true' : undefined);
      setAttr(generate, 'title', stop ? 'Read the warning above and choose to proceed first' : undefined);
    },
    sameItems,
  );
  return presence.node();
}
