/**
 * The OP hook, for a route that needs one: Get OP hook, its verdict and what it does, the hook to sign (only once it
 * matches, or the user chose to see it anyway), and the signer and signed hook to paste back (or a file to open).
 */
import { button, checkbox, textArea, textField } from '../../../webview/components/kit';
import { Presence, h, replaceChildren, setValue, show } from '../../../webview/lib/dom';
import { sameItems, type Store } from '../../../webview/lib/store';
import { BRIDGE } from '../../../webview/selectors';
import type { Action, BridgeUi, BridgeActions } from '../state';
import { summaryList, verdict } from './verdict';

/** The override (when the hook does not match), the hook to sign with its buttons, and the instruction. */
function followVerdict(
  store: Store<BridgeUi, Action>,
  override: { row: HTMLElement; input: HTMLInputElement },
  cleared: HTMLElement,
  instruction: Presence,
  actions: BridgeActions,
): void {
  store.watch(
    (s) => [s.saved.hook, s.saved.hookOverridden] as const,
    ([hook, overridden]) => {
      const kind = hook?.verdict.kind;
      const clear = kind === 'matches' || overridden === true;
      show(override.row, !!kind && kind !== 'matches');
      override.input.checked = overridden === true;
      const json = hook ? JSON.stringify(hook.hook, null, 2) : '';
      replaceChildren(
        cleared,
        hook && clear ? h('pre', { id: BRIDGE.hookJson, tabindex: '0' }, json) : null,
        hook && clear
          ? h(
              'div',
              { class: 'actions' },
              button('Copy', () => actions.copyHook()),
              button('Open as JSON', () => actions.openHookJson()),
              button('Save as JSON…', () => actions.saveHook()),
            )
          : null,
      );
      // Not asked to sign a hook that does not match, until the user chooses to see it.
      instruction.set(!hook || clear);
    },
    sameItems,
  );
}

export function mountHook(store: Store<BridgeUi, Action>, actions: BridgeActions): HTMLElement {
  const checked = h('div', {});
  const override = checkbox(
    BRIDGE.overrideHook,
    'Show how to sign it anyway (I will not sign it unless I understand why)',
    (on) => actions.overrideHook(on),
  );
  const cleared = h('div', {});
  const instruction = new Presence(
    h(
      'p',
      { class: 'hint', id: BRIDGE.hookInstruction },
      'Sign the hook with your own wallet or CLI on the chain it names, then paste the signer and the signed transaction (base64) here, or open the file you saved it to. The signed hook is decoded and must carry exactly the hook checked above.',
    ),
  );
  const signer = textField(BRIDGE.hookSigner, 'Hook signer address', '', 'init1…', (v) =>
    actions.signedHook({ signer: v.trim() }),
  );
  const signed = textArea(
    BRIDGE.hookSigned,
    'Signed hook (base64 of the signed transaction)',
    'Signed hook (base64)',
    '',
    (v) => actions.signedHook({ hook: v.replace(/\s+/g, '') }),
  );

  store.watch(
    (s) => s.saved.hook,
    (hook) =>
      replaceChildren(
        checked,
        hook ? verdict(hook.verdict, 'hook', 'this hook') : null,
        hook?.summaries.length ? summaryList(hook.summaries, BRIDGE.hookSummary, 'The OP hook') : null,
      ),
  );
  followVerdict(store, override, cleared, instruction, actions);
  store.watch(
    (s) => s.saved.signedHook,
    (sh) => {
      setValue(signer, sh?.signer ?? '');
      setValue(signed, sh?.hook ?? '');
    },
  );

  return h(
    'div',
    { class: 'hook', id: BRIDGE.hook },
    h('h3', {}, 'OP hook'),
    h(
      'div',
      { class: 'actions' },
      button('Get OP hook', () => actions.getHook(), { id: BRIDGE.getHook }),
    ),
    checked,
    override.row,
    cleared,
    instruction.node(),
    signer,
    signed,
    h(
      'div',
      { class: 'actions' },
      button('Open signed hook file…', () => actions.loadSignedHook(), { appearance: 'secondary' }),
    ),
  );
}
