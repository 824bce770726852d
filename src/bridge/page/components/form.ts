/**
 * Section 1, the transfer form: the router the panel talks to, the source and destination chain and asset pickers
 * (or a custom denom with its decimals), the sender's address, the amount with Max and the balance, and each
 * field's problem next to it. Built once; each part follows its slice of the state. A field's value is written only
 * when it differs from what it holds, so typing keeps its caret and selection whatever answer comes meanwhile.
 */
import { formKey, type FormField } from '../../protocol';
import { Picker, type PickerOption } from '../../../webview/components/picker';
import { button, textField } from '../../../webview/components/kit';
import { h, setAttr, setText, setValue, show, type ValueField } from '../../../webview/lib/dom';
import { sameItems, type Store } from '../../../webview/lib/store';
import { BRIDGE, errorLine } from '../../../webview/selectors';
import { CUSTOM, chainOf, denomOf, formOf, type Action, type BridgeUi, type Side, type BridgeActions } from '../state';
import { slotError } from './status';

/** The problem of a field as shown: an error once the field was touched (all of them once a route is asked), else a warning. */
export function fieldProblem(s: BridgeUi, f: FormField): { text: string; error: boolean } {
  const error = s.touched.includes(f) ? s.check?.errors[f] : undefined;
  const text = error ?? s.check?.warnings[f] ?? '';
  return { text, error: !!error };
}

/** Puts a problem in its line and marks the field invalid or not. */
export function showProblem(
  line: HTMLElement,
  input: HTMLElement | undefined,
  p: { text: string; error: boolean },
): void {
  setText(line, p.text);
  show(line, !!p.text);
  setAttr(line, 'class', p.error ? 'field-error' : 'field-warning');
  if (input) setAttr(input, 'aria-invalid', p.error ? 'true' : undefined);
}

const problemLine = (id: string): HTMLElement =>
  h('p', { id: errorLine(id), class: 'field-error', 'aria-live': 'polite', hidden: '' });

function chainOptions(s: BridgeUi): PickerOption[] | undefined {
  return s.chains?.map((c) => ({
    value: c.chainId,
    label: c.name,
    detail: c.chainId,
    group: c.group === 'initia' ? 'Interwoven Economy' : 'Other chains',
  }));
}

const CUSTOM_OPTION: PickerOption = {
  value: CUSTOM,
  label: 'Custom denom…',
  note: 'Enter a denom the router does not list',
};

function assetOptions(s: BridgeUi, side: Side): PickerOption[] | undefined {
  const list = s.assets[side];
  if (!list || list.chainId !== chainOf(formOf(s), side) || !list.reply)
    return list?.error ? [CUSTOM_OPTION] : undefined;
  return [
    ...list.reply.assets.map((a) => ({
      value: a.denom,
      label: a.label,
      aliases: [a.symbol],
      detail: a.balance,
      note:
        [a.name, a.origin, a.convertible ? undefined : 'decimals unknown: cannot be sent from here']
          .filter(Boolean)
          .join(' · ') || undefined,
    })),
    CUSTOM_OPTION,
  ];
}

interface SideParts {
  chain: Picker;
  asset: Picker;
  custom: HTMLElement;
  denom: ValueField;
  denomError: HTMLElement;
  decimals?: ValueField;
  decimalsError?: HTMLElement;
}

function sideParts(store: Store<BridgeUi, Action>, actions: BridgeActions, side: Side): SideParts {
  const source = side === 'source';
  const chain = new Picker({
    id: source ? BRIDGE.sourceChain : BRIDGE.destChain,
    label: source ? 'From chain' : 'To chain',
    placeholder: 'Search chains',
    searchHint: 'Type a name or chain id; ↓ to list',
    onPick: (v) => actions.pickChain(side, v),
  });
  const asset = new Picker({
    id: source ? BRIDGE.sourceAsset : BRIDGE.destAsset,
    label: source ? 'Asset' : 'Asset received',
    placeholder: 'Search by symbol',
    searchHint: 'Type to search by symbol; ↓ to list',
    onPick: (v) => actions.pickAsset(side, v),
  });
  const denomId = source ? BRIDGE.sourceDenom : BRIDGE.destDenom;
  const denomKey = source ? 'sourceDenom' : 'destDenom';
  const denom = textField(denomId, 'Denom', '', 'uinit, ibc/…, 0x…', (v) =>
    actions.setField(denomKey, v.trim(), denomKey),
  );
  denom.setAttribute('aria-describedby', errorLine(denomId));
  const denomError = problemLine(denomId);
  let decimals: ValueField | undefined;
  let decimalsError: HTMLElement | undefined;
  if (source) {
    decimals = textField(BRIDGE.sourceDecimals, 'Decimals', '', '6', (v) =>
      actions.setField('sourceDecimals', v.trim(), 'sourceDecimals'),
    );
    decimals.setAttribute('aria-describedby', errorLine(BRIDGE.sourceDecimals));
    decimalsError = problemLine(BRIDGE.sourceDecimals);
  }
  const custom = h(
    'div',
    { class: 'custom', hidden: '' },
    h('div', { class: 'field' }, denom, denomError),
    decimals ? h('div', { class: 'field' }, decimals, decimalsError) : null,
  );

  store.watch(
    (s) => [chainOf(formOf(s), side), s.chains, s.chainsError] as const,
    ([chainId, , error], s) => chain.update(chainId, chainOptions(s), error ?? 'Loading the chains this router knows…'),
    sameItems,
  );
  store.watch(
    (s) => [formOf(s), s.assets[side], s.saved.custom?.[side]] as const,
    ([form, list, isCustom], s) => {
      asset.update(
        isCustom ? CUSTOM : denomOf(form, side),
        assetOptions(s, side),
        list?.error ?? (chainOf(form, side) ? 'Loading the assets…' : 'Pick a chain first.'),
      );
      show(custom, !!isCustom);
      setValue(denom, denomOf(form, side));
      if (decimals) setValue(decimals, form.sourceDecimals);
    },
    sameItems,
  );
  return { chain, asset, custom, denom, denomError, decimals, decimalsError };
}

/** The problems of one side's fields: its chain's, and its denom's under the picker or the custom field. */
function showSideProblems(s: BridgeUi, p: SideParts, side: Side): void {
  const source = side === 'source';
  showProblem(p.chain.errorLine, p.chain.input, fieldProblem(s, source ? 'sourceChainId' : 'destChainId'));
  const denom = fieldProblem(s, source ? 'sourceDenom' : 'destDenom');
  const custom = s.saved.custom?.[side];
  const none = { text: '', error: false };
  showProblem(p.asset.errorLine, p.asset.input, custom ? none : denom);
  showProblem(p.denomError, p.denom, custom ? denom : none);
  if (p.decimalsError) showProblem(p.decimalsError, p.decimals, fieldProblem(s, 'sourceDecimals'));
}

/** The router the panel talks to, and a warning when what it talks to is plain http. */
function routerLines(store: Store<BridgeUi, Action>): HTMLElement[] {
  const origin = h('p', { class: 'hint', id: BRIDGE.routerOrigin, hidden: '' });
  const unencrypted = h('p', { class: 'warning', id: BRIDGE.unencrypted, role: 'note', hidden: '' });
  store.watch(
    (s) => s.defaults,
    (d) => {
      setText(
        origin,
        d ? (d.router ? `Router: ${d.router} (network ${d.network})` : `The network ${d.network} has no router.`) : '',
      );
      show(origin, !!d);
      setText(
        unencrypted,
        d?.unencrypted.length
          ? `⚠ Not encrypted: ${d.unencrypted.join(', ')} is plain http, so the route and the messages to sign travel in clear text.`
          : '',
      );
      show(unencrypted, !!d?.unencrypted.length);
    },
  );
  return [origin, unencrypted];
}

export function mountForm(store: Store<BridgeUi, Action>, actions: BridgeActions): HTMLElement {
  const src = sideParts(store, actions, 'source');
  const dst = sideParts(store, actions, 'dest');
  const sender = textField(BRIDGE.sender, 'Your address on the source chain', '', 'init1…', (v) =>
    actions.setField('sender', v, 'sender'),
  );
  sender.setAttribute('aria-describedby', errorLine(BRIDGE.sender));
  const senderError = problemLine(BRIDGE.sender);
  const amount = textField(BRIDGE.amount, 'Amount', '', 'in whole units, such as 0.25', (v) =>
    actions.setField('amount', v, 'amount'),
  );
  amount.setAttribute('aria-describedby', `${errorLine(BRIDGE.amount)} ${BRIDGE.balance}`);
  amount.setAttribute('inputmode', 'decimal');
  const amountError = problemLine(BRIDGE.amount);
  const max = button('Max', () => actions.fillMax(), {
    id: BRIDGE.max,
    appearance: 'secondary',
    'aria-label': 'Fill in your whole balance',
    disabled: '',
  });
  const balance = h('p', { id: BRIDGE.balance, class: 'hint small', 'aria-live': 'polite' });
  const formError = slotError(store, 'form', BRIDGE.formError);

  store.watch(
    (s) => [formOf(s), s.chains] as const,
    ([form, chains]) => {
      setValue(sender, form.sender);
      setValue(amount, form.amount);
      setAttr(sender, 'placeholder', chains?.find((c) => c.chainId === form.sourceChainId)?.addressHint ?? 'init1…');
    },
    sameItems,
  );
  // Each field's problem (and warning) in its line; the balance beside the amount, and Max when it is known.
  store.watch(
    (s) => [s.check, s.touched, s.saved.custom, s.assets.source, formKey(formOf(s))] as const,
    (_, s) => {
      showSideProblems(s, src, 'source');
      showSideProblems(s, dst, 'dest');
      showProblem(senderError, sender, fieldProblem(s, 'sender'));
      showProblem(amountError, amount, fieldProblem(s, 'amount'));
      setText(
        balance,
        s.check?.balance ? `Balance: ${s.check.balance.text}` : (s.assets.source?.reply?.balanceNote ?? ''),
      );
      setAttr(max, 'disabled', s.check?.balance ? undefined : '');
    },
    sameItems,
  );

  return h(
    'section',
    { 'aria-labelledby': BRIDGE.formTitle, id: BRIDGE.form },
    h('h2', { id: BRIDGE.formTitle }, '1. Transfer'),
    ...routerLines(store),
    h('h3', {}, 'From'),
    h('div', { class: 'grid' }, src.chain.element, h('div', {}, src.asset.element, src.custom)),
    h(
      'div',
      { class: 'grid' },
      h('div', { class: 'field' }, sender, senderError),
      h('div', { class: 'field' }, h('div', { class: 'amount-row' }, amount, max), balance, amountError),
    ),
    h('h3', {}, 'To'),
    h('div', { class: 'grid' }, dst.chain.element, h('div', {}, dst.asset.element, dst.custom)),
    formError,
  );
}
