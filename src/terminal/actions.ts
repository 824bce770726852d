/**
 * What a click on a terminal link does (the links themselves are found by the activation shell with
 * core/terminalScan.ts, which loads nothing; this runs in the features once a link is clicked). A transaction offers
 * Look Up, Explain, Debug (an EVM one) and Watch until it is in; an address Look Up and Copy; a block height opens the block. The value
 * is checked again here before any command runs, and every action is one of the extension's own commands.
 */
import vscode = require('vscode');
import type { TerminalLinkKind } from '../core/terminalScan';
import { parseAccount, parseHeight, parseTxHash } from '../core/validate';
import { shorten } from '../core/format';
import { copyToClipboard } from '../platform/links';
import { Command } from '../platform/ids';

export interface TerminalTarget {
  kind: TerminalLinkKind;
  value: string;
}

export type TerminalAction = 'lookup' | 'explain' | 'debug' | 'watch' | 'copy';

type Item = vscode.QuickPickItem & { action: TerminalAction };

export class TerminalLinkActions {
  /** The quick pick on screen (for tests). */
  current: vscode.QuickPick<Item> | undefined;

  /** The actions a link offers, in the order shown. */
  actions(target: TerminalTarget): Item[] {
    if (target.kind === 'tx') {
      const items: Item[] = [
        {
          action: 'lookup',
          label: vscode.l10n.t('$(search) Look Up Transaction'),
          description: vscode.l10n.t('its JSON'),
        },
        {
          action: 'explain',
          label: vscode.l10n.t('$(lightbulb) Explain Transaction'),
          description: vscode.l10n.t('what it did, in words'),
        },
        {
          action: 'watch',
          label: vscode.l10n.t('$(watch) Watch Until It Is In'),
          description: vscode.l10n.t('ask again until the indexer has it, then say how it went'),
        },
      ];
      // An EVM transaction (0x…) can be replayed in the debugger.
      if (/^0x/i.test(target.value))
        items.splice(2, 0, {
          action: 'debug',
          label: vscode.l10n.t('$(debug-alt) Debug Transaction'),
          description: vscode.l10n.t('step through it by Solidity line'),
        });
      return items;
    }
    if (target.kind === 'block') return [{ action: 'lookup', label: vscode.l10n.t('$(search) Look Up Block') }];
    return [
      {
        action: 'lookup',
        label:
          target.kind === 'contract'
            ? vscode.l10n.t('$(search) Look Up Contract')
            : vscode.l10n.t('$(search) Look Up Account'),
      },
      { action: 'copy', label: vscode.l10n.t('$(copy) Copy Address') },
    ];
  }

  /** Runs `action`, or asks which when the link offers more than one; resolves to what the command resolved to. */
  async open(target: TerminalTarget, action?: TerminalAction): Promise<unknown> {
    const problem = this.problem(target);
    if (problem) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Initia: {0}', problem));
      return undefined;
    }
    const offered = this.actions(target);
    const chosen = action ?? (offered.length === 1 ? offered[0]!.action : await this.ask(target, offered));
    if (!chosen || !offered.some((i) => i.action === chosen)) return undefined;
    switch (chosen) {
      case 'lookup':
        if (target.kind === 'tx') return vscode.commands.executeCommand(Command.LookupTransaction, target.value);
        if (target.kind === 'block') return vscode.commands.executeCommand(Command.LookupBlock, target.value);
        return vscode.commands.executeCommand(Command.LookupAccount, target.value);
      case 'explain':
        return vscode.commands.executeCommand(Command.ExplainTransaction, target.value);
      case 'debug':
        return vscode.commands.executeCommand(Command.DebugTransaction, target.value);
      case 'watch':
        return vscode.commands.executeCommand(Command.WatchTransaction, target.value);
      case 'copy':
        await copyToClipboard(target.value);
        return undefined;
    }
  }

  private problem(target: TerminalTarget): string | undefined {
    if (target.kind === 'tx') {
      const p = parseTxHash(target.value);
      return p.ok ? undefined : p.error;
    }
    if (target.kind === 'block') {
      const p = parseHeight(target.value);
      return p.ok ? undefined : p.error;
    }
    const p = parseAccount(target.value);
    return p.ok ? undefined : p.error;
  }

  private ask(target: TerminalTarget, items: Item[]): Promise<TerminalAction | undefined> {
    const qp = vscode.window.createQuickPick<Item>();
    this.current = qp;
    qp.title =
      target.kind === 'tx'
        ? vscode.l10n.t('Transaction {0}', shorten(target.value, 8, 6))
        : vscode.l10n.t('Address {0}', shorten(target.value, 8, 6));
    qp.placeholder = vscode.l10n.t('What should Initia Explorer do with it?');
    qp.items = items;
    return new Promise((resolve) => {
      let picked: TerminalAction | undefined;
      qp.onDidAccept(() => {
        picked = qp.selectedItems[0]?.action;
        qp.hide();
      });
      qp.onDidHide(() => {
        if (this.current === qp) this.current = undefined;
        qp.dispose();
        resolve(picked);
      });
      qp.show();
    });
  }
}
