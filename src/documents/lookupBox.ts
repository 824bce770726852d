/**
 * The Look Up… box: what is typed comes first, said in words (recognised as what, or why not), the recent lookups
 * below; and, for a text that could be several things, the pick among them. lookups.ts opens what comes out.
 */
import vscode = require('vscode');
import { classify, describeTarget, describeUnrecognised, forNetwork, type LookupTarget } from '../core/validate';
import { StorageKey } from '../platform/ids';

/** How many recent lookups Look Up… offers. */
const RECENT_MAX = 10;

interface Recent {
  text: string;
  /** What it was recognised as ("block height 5997"). */
  what: string;
}

type LookupItem = vscode.QuickPickItem & { text?: string; usable?: boolean };

export class LookupBox {
  constructor(
    /** globalState: the recent lookups are the user's, in every window. */
    private readonly memento: vscode.Memento,
  ) {}

  /** The recent lookups, newest first (whatever else is stored there is left out). */
  private recent(): Recent[] {
    const stored: unknown = this.memento.get(StorageKey.RecentLookups);
    if (!Array.isArray(stored)) return [];
    return stored
      .filter((r): r is Recent => typeof r?.text === 'string' && typeof r?.what === 'string' && r.text.length <= 200)
      .slice(0, RECENT_MAX);
  }

  remember(text: string, what: string): void {
    const next = [{ text, what }, ...this.recent().filter((r) => r.text !== text)].slice(0, RECENT_MAX);
    void Promise.resolve(this.memento.update(StorageKey.RecentLookups, next)).catch(() => undefined);
  }

  /** The Look Up… box: what is typed comes first, said in words (recognised as what, or why not); recent lookups below. */
  ask(vm?: { evm: boolean }): Promise<string | undefined> {
    const recent = this.recent();
    const qp = vscode.window.createQuickPick<LookupItem>();
    qp.title = vscode.l10n.t(
      'Look up a tx hash, block height, account (init1…/0x…), collection address or name, or denom',
    );
    qp.placeholder = '1A2B…(64 hex) · 123456 · init1… · 0x… · uinit · evm/0x…';
    qp.ignoreFocusOut = true;
    qp.matchOnDescription = true;
    const recentItems: LookupItem[] = recent.map((r) => ({
      label: `$(history) ${r.text}`,
      description: r.what,
      text: r.text,
      usable: true,
    }));
    const update = () => {
      const v = qp.value.trim();
      const typed: LookupItem[] = [];
      if (v) {
        const targets = forNetwork(classify(v), vm);
        typed.push(
          targets.length
            ? {
                label: v,
                description: vscode.l10n.t('Recognised: {0}', targets.map(describeTarget).join(vscode.l10n.t(' or '))),
                text: v,
                usable: true,
                alwaysShow: true,
              }
            : { label: `$(error) ${v}`, detail: describeUnrecognised(v), usable: false, alwaysShow: true },
        );
      }
      const recentSection: LookupItem[] = recentItems.length
        ? [{ label: vscode.l10n.t('recent'), kind: vscode.QuickPickItemKind.Separator }, ...recentItems]
        : [];
      qp.items = [...typed, ...recentSection];
    };
    update();
    return new Promise<string | undefined>((resolve) => {
      let done = false;
      qp.onDidChangeValue(update);
      qp.onDidAccept(() => {
        // A recent one the user moved to, or what is typed (also when Enter came before the list caught up).
        const item = qp.selectedItems[0] ?? qp.activeItems[0];
        const typed = qp.value.trim();
        const text = item?.usable && item.text && (item.text !== typed || !typed) ? item.text : typed;
        if (!text || forNetwork(classify(text), vm).length === 0) {
          update(); // not recognised: the box stays, saying why
          return;
        }
        done = true;
        resolve(text);
        qp.hide();
      });
      qp.onDidHide(() => {
        if (!done) resolve(undefined);
        qp.dispose();
      });
      qp.show();
    });
  }
}

/** Asks which of several things a text is. */
export async function pickTarget(targets: LookupTarget[]): Promise<LookupTarget | undefined> {
  const describe = (t: LookupTarget): { label: string; detail: string } => {
    switch (t.kind) {
      case 'tx':
        return {
          label: vscode.l10n.t('$(arrow-swap) Transaction'),
          detail: t.hash.prefixed ? t.hash.evm : t.hash.cosmos,
        };
      case 'block':
        return { label: vscode.l10n.t('$(package) Block'), detail: String(t.height) };
      case 'account':
        return { label: vscode.l10n.t('$(account) Account'), detail: t.address.value };
      case 'collection':
        return { label: vscode.l10n.t('$(library) NFT collection'), detail: t.address.value };
      case 'collectionName':
        return { label: vscode.l10n.t('$(search) Collections named like'), detail: t.name };
      case 'denom':
        return { label: vscode.l10n.t('$(list-ordered) Rich list of denom'), detail: t.denom };
      case 'nft':
        return { label: vscode.l10n.t('$(file-media) NFT history'), detail: `${t.address.value} ${t.tokenId}` };
    }
  };
  const picked = await vscode.window.showQuickPick(
    targets.map((target) => ({ ...describe(target), target })),
    { placeHolder: vscode.l10n.t('This could be several things: what is it?'), ignoreFocusOut: true },
  );
  return picked?.target;
}
