/**
 * Section 3, the messages to sign and the check's verdict: what they do in words and, only when they match what the
 * user asked for (or the user chose to see them anyway), the signing instructions, the JSON to sign (rebuilt from
 * what was checked), and the hash to paste back to follow the transfer.
 */
import { button, checkbox, textField } from '../../../webview/components/kit';
import { Presence, h, replaceChildren, setText, setValue, show } from '../../../webview/lib/dom';
import { sameItems, type Store } from '../../../webview/lib/store';
import { BRIDGE } from '../../../webview/selectors';
import type { Action, BridgeUi, BridgeActions } from '../state';
import { slotError } from './status';
import { summaryList, verdict } from './verdict';

/** What is shown only for messages that match (or that the user chose to see): how to sign them, and Track. */
function signingParts(actions: BridgeActions) {
  const instruction = h('p', { class: 'instruction', id: BRIDGE.signInstruction });
  const json = h('pre', { id: BRIDGE.msgsJson, tabindex: '0' });
  const hash = textField(BRIDGE.trackHash, 'Transaction hash', '', '64 hexadecimal digits');
  const chain = textField(BRIDGE.trackChain, 'Chain it was broadcast on', '');
  const withActions = h(
    'div',
    { class: 'actions' },
    button('Copy', () => actions.copyMessages()),
    button('Open as JSON', () => actions.openMessagesJson()),
    button('Save to file…', () => actions.saveMessages()),
  );
  const signing = new Presence(
    h(
      'div',
      {},
      instruction,
      h('details', { id: BRIDGE.msgsRaw }, h('summary', {}, 'JSON to sign (rebuilt from what was checked)'), json),
      withActions,
      h('h3', {}, 'Track the broadcast transaction'),
      h('div', { class: 'grid' }, hash, chain),
      h(
        'div',
        { class: 'actions' },
        button('Track', () => actions.track(hash.value, chain.value), { id: BRIDGE.track, appearance: 'primary' }),
      ),
    ),
  );
  return { instruction, json, hash, chain, withActions, signing };
}

export function mountMsgs(store: Store<BridgeUi, Action>, actions: BridgeActions): Node {
  const title = h('h2', { id: BRIDGE.msgsTitle, tabindex: '-1' }, '3. Sign and broadcast');
  const checked = h('div', {});
  const override = checkbox(BRIDGE.overrideMismatch, '', (on) => actions.override(on));
  const overrideLabel = override.row.querySelector('label')!;
  const mismatch = new Presence(
    h(
      'div',
      {},
      h('p', {}, 'Check the route and the addresses, or find the route again. If you still want to see them:'),
      override.row,
    ),
  );
  const summary = h('div', {});
  const back = button('Back to the route', () => actions.back(), { appearance: 'secondary', id: BRIDGE.backToRoute });
  const backOnly = h('div', { class: 'actions' });
  const { instruction, json, hash, chain, withActions, signing } = signingParts(actions);
  const error = slotError(store, 'track', BRIDGE.trackError);
  const section = h(
    'section',
    { 'aria-labelledby': BRIDGE.msgsTitle, id: BRIDGE.msgs },
    title,
    checked,
    mismatch.node(),
    summary,
    backOnly,
    signing.node(),
    error,
  );
  const presence = new Presence(section);

  store.watch(
    (s) => (s.saved.route ? s.saved.msgs : undefined),
    (msgs, s) => {
      const shown = presence.node() === section;
      presence.set(!!msgs);
      if (!msgs) return;
      replaceChildren(checked, verdict(msgs.verdict, 'msgs', 'these messages'));
      replaceChildren(summary, summaryList(msgs.summaries, BRIDGE.msgsSummary, 'Messages to sign'));
      setText(
        overrideLabel,
        msgs.verdict.kind === 'mismatch'
          ? 'Show them anyway (I will not sign them unless I understand why they differ)'
          : 'Show them anyway (I will not sign them unless I understand what was not verified)',
      );
      setText(json, JSON.stringify(msgs.signable, null, 2));
      const source = s.saved.route?.view.sourceChainId ?? '';
      setText(
        instruction,
        `Sign and broadcast these messages on ${source} with your own wallet or CLI: this extension never holds keys and never broadcasts. Then paste the transaction hash below to follow the transfer.`,
      );
      // New messages are a new transfer: the fields say what is tracked for them, else nothing typed before (a hash
      // of an earlier transfer, or the chain of an earlier route) is kept.
      setValue(hash, s.saved.tracking?.txHash ?? '');
      setValue(chain, s.saved.tracking?.chainId ?? source);
      if (!shown) title.scrollIntoView({ block: 'start' });
    },
  );
  store.watch(
    (s) => [s.saved.msgs?.verdict.kind, s.saved.overridden] as const,
    ([kind, overridden]) => {
      const mismatched = kind !== undefined && kind !== 'matches';
      mismatch.set(mismatched);
      override.input.checked = overridden === true;
      const withheld = mismatched && overridden !== true;
      signing.set(!withheld);
      // Back to the route sits alone while the instructions are withheld, beside the JSON's buttons otherwise.
      if (withheld) backOnly.append(back);
      else withActions.append(back);
      show(backOnly, withheld);
    },
    sameItems,
  );
  return presence.node();
}
