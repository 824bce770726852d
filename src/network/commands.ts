/** "Initia: Select Network": a quick pick over the profiles, with a way to add one in settings. */
import * as vscode from 'vscode';
import type { Register } from '../platform/commands';
import type { Networks } from '../platform/networks';
import { Command } from '../platform/ids';

export function registerNetworkCommands(networks: Networks, register: Register): vscode.Disposable[] {
  return [
    register(Command.SelectNetwork, async (name?: unknown): Promise<string | undefined> => {
      const all = networks.all();
      if (typeof name === 'string') {
        if (!all.some((n) => n.name === name)) {
          void vscode.window.showErrorMessage(vscode.l10n.t('Initia: there is no network named "{0}".', name));
          return undefined;
        }
        await networks.select(name);
        return name;
      }
      const active = networks.active().name;
      const edit = { label: vscode.l10n.t('$(gear) Add or edit networks in settings…'), network: undefined };
      const picked = await vscode.window.showQuickPick(
        [
          ...all.map((n) => ({
            label: `${n.name === active ? '$(check) ' : ''}${n.name}`,
            description: n.chainId,
            detail: n.indexerUrl + (n.builtIn ? '' : vscode.l10n.t(' · from your settings')),
            network: n.name,
          })),
          { label: '', kind: vscode.QuickPickItemKind.Separator, network: undefined },
          edit,
        ],
        { placeHolder: vscode.l10n.t('Select the Initia network to browse (active: {0})', active) },
      );
      if (!picked) return undefined;
      if (picked === edit) {
        await vscode.commands.executeCommand('workbench.action.openSettings', 'initia.networks');
        return undefined;
      }
      if (picked.network) await networks.select(picked.network);
      return picked.network;
    }),
  ];
}
