/**
 * "Initia: Select Network": a quick pick over the built-in and the user's profiles, then the chain registry's chains
 * grouped as Mainnet and Testnet (searchable by name, chain id, VM and APIs). A registry chain is added to the user's
 * `initia.networks` once the user has confirmed its endpoints, then made active; a chain without an indexer is listed
 * but cannot be chosen.
 */
import vscode = require('vscode');
import { registryRows, type RegistryRow } from '../core/registry';
import { PROFILE_FIELDS, type NetworkProfile } from '../core/networks';
import type { Networks } from '../platform/networks';
import type { Registry } from '../platform/registry';
import type { Settings } from '../platform/settings';
import type { Hooks } from '../platform/hooks';
import type { LocalOffer } from '../core/localRollup';
import type { LocalRollupFinder } from './localRollup';

export type PickItem = vscode.QuickPickItem &
  (
    | { kind?: undefined; network: string }
    | { kind?: undefined; registry: RegistryRow }
    | { kind?: undefined; local: LocalOffer }
    | { kind?: undefined; nothingLocal: true }
    | { kind?: undefined; edit: true }
    | { kind: vscode.QuickPickItemKind.Separator }
  );

export class NetworkPicker {
  constructor(
    private readonly networks: Networks,
    private readonly registry: Registry,
    private readonly settings: Settings,
    /** Looks for a rollup on this machine when the picker opens. */
    private readonly local?: LocalRollupFinder,
    private readonly hooks?: Hooks,
  ) {}

  /** What the probe of this machine found while the picker was open (listed first). */
  private localOffer: LocalOffer | undefined;
  /** The probe of this machine ended with nothing answering (said in a row of its own). */
  private nothingLocal = false;
  /** The picker on screen, if any. */
  private shown: vscode.QuickPick<PickItem> | undefined;

  /** The picker's rows: the profiles, then the registry's mainnet and testnet chains, then "edit in settings". */
  async items(): Promise<PickItem[]> {
    const all = this.networks.all();
    const active = this.networks.active().name;
    const { chains } = await this.registry.load();
    this.networks.setRegistry(chains);
    const rows = registryRows(chains, all);
    const items: PickItem[] = all.map((n) => ({
      label: `${n.name === active ? '$(check) ' : ''}${n.name}`,
      description: [n.chainId, n.vm].filter(Boolean).join(' · '),
      detail: n.indexerUrl + (n.builtIn ? '' : vscode.l10n.t(' · from your settings')),
      network: n.name,
    }));
    if ((this.localOffer || this.nothingLocal) && this.local) {
      const row: PickItem = this.localOffer
        ? { ...this.local.row(this.localOffer), local: this.localOffer }
        : { ...this.local.nothingRow(), nothingLocal: true };
      items.unshift({ label: vscode.l10n.t('This computer'), kind: vscode.QuickPickItemKind.Separator }, row);
      items.splice(2, 0, { label: vscode.l10n.t('Profiles'), kind: vscode.QuickPickItemKind.Separator });
    }
    const groups = [
      ['mainnet', vscode.l10n.t('Mainnet')],
      ['testnet', vscode.l10n.t('Testnet')],
    ] as const;
    for (const [group, title] of groups) {
      const inGroup = rows.filter((r) => r.group === group);
      if (inGroup.length === 0) continue;
      items.push({ label: title, kind: vscode.QuickPickItemKind.Separator });
      for (const r of inGroup) {
        items.push({
          label: r.disabledReason ? `$(circle-slash) ${r.label}` : r.label,
          description: r.description,
          detail: r.detail,
          registry: r,
        });
      }
    }
    items.push(
      { label: '', kind: vscode.QuickPickItemKind.Separator },
      { label: vscode.l10n.t('$(gear) Add or edit networks in settings…'), edit: true },
    );
    return items;
  }

  /** Shows the picker; the registry is read in the background meanwhile (at most once a day) and the rows follow. */
  show(): Promise<string | undefined> {
    const qp = vscode.window.createQuickPick<PickItem>();
    this.shown = qp;
    this.hooks?.quickPick?.(qp as unknown as vscode.QuickPick<vscode.QuickPickItem>);
    qp.placeholder = vscode.l10n.t('Select the Initia network to browse (active: {0})', this.networks.active().name);
    qp.matchOnDescription = true;
    qp.matchOnDetail = true;
    qp.busy = true;
    let closed = false;
    let shownRows = '';
    const fill = async () => {
      const items = await this.items();
      if (closed) return;
      // Rows that did not change stay as they are: no jump under the pointer, no active row lost.
      const rows = JSON.stringify(items.map((i) => [i.kind, i.label, i.description, i.detail]));
      if (rows === shownRows) return;
      shownRows = rows;
      const keep = qp.activeItems[0];
      qp.items = items;
      // The row kept must be one the typed filter shows: this side may not yet know of the last keys typed (the
      // active row it holds can be one the filter hides now), and a hidden row made active leaves no row focused,
      // so that Enter does nothing. A row holding the typed text is shown by VS Code's filter whatever it matches.
      const typed = qp.value.trim().toLowerCase();
      const shown = (i: PickItem) =>
        !typed || [i.label, i.description, i.detail].some((t) => t?.toLowerCase().includes(typed));
      const same = keep && items.find((i) => i.label === keep.label && i.description === keep.description && shown(i));
      // The focus starts on the active network (not on the first row), and stays where the user moved it; once
      // something is typed, the picker's own focus (the first match) is left alone.
      const active = this.networks.active().name;
      const current = same ?? (qp.value ? undefined : items.find((i) => 'network' in i && i.network === active));
      if (current) qp.activeItems = [current];
    };
    void fill();
    const refreshed = this.registry.refresh().then(
      (state) => (state && !closed ? fill() : undefined),
      () => undefined,
    );
    // This machine is asked only now, while the picker is open (loopback, short timeouts).
    this.localOffer = undefined;
    this.nothingLocal = false;
    const probed = (this.local?.enabled ? this.local.probe() : Promise.resolve(undefined)).then(
      (offer) => {
        this.localOffer = offer;
        this.nothingLocal = !offer && !!this.local?.enabled;
        return (offer || this.nothingLocal) && !closed ? fill() : undefined;
      },
      () => undefined,
    );
    void Promise.all([refreshed, probed]).finally(() => {
      if (!closed) qp.busy = false;
    });
    return new Promise<string | undefined>((resolve) => {
      let result: Promise<string | undefined> | undefined;
      qp.onDidAccept(() => {
        const picked = qp.selectedItems[0];
        if (!picked || picked.kind === vscode.QuickPickItemKind.Separator) return;
        if ('registry' in picked && picked.registry.disabledReason) {
          void this.explainDisabled(picked.registry);
          return; // stays open: the row does nothing else
        }
        if ('local' in picked && picked.local.missingIndexer) {
          void this.local?.choose(picked.local);
          return; // stays open: says how to start the indexer
        }
        result = this.choose(picked);
        qp.hide();
      });
      qp.onDidHide(() => {
        closed = true;
        // Opening the picker again hides this one after the new one is shown: only the last one is the current one.
        if (this.shown === qp) {
          this.shown = undefined;
          this.hooks?.quickPick?.(undefined);
        }
        qp.dispose();
        resolve(result ?? Promise.resolve(undefined));
      });
      qp.show();
    });
  }

  /** What choosing a row does; resolves to the name of the network made active. */
  async choose(item: PickItem): Promise<string | undefined> {
    if (item.kind === vscode.QuickPickItemKind.Separator) return undefined;
    if ('edit' in item) {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'initia.networks');
      return undefined;
    }
    if ('network' in item) {
      await this.networks.select(item.network);
      return item.network;
    }
    if ('local' in item) return this.local?.choose(item.local);
    if ('nothingLocal' in item) {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'initia.localRollup');
      return undefined;
    }
    return this.chooseRegistry(item.registry);
  }

  /** A registry chain: explained when it cannot be browsed; else confirmed once, added to the user's networks, made active. */
  async chooseRegistry(row: RegistryRow): Promise<string | undefined> {
    if (row.disabledReason || !row.profile) {
      await this.explainDisabled(row);
      return undefined;
    }
    const saved = this.networks.all().find((p) => p.chainId === row.profile!.chainId);
    if (saved) {
      await this.networks.select(saved.name);
      return saved.name;
    }
    const p = row.profile;
    const endpoints = [
      vscode.l10n.t('Indexer: {0}', p.indexerUrl),
      p.restUrl && vscode.l10n.t('REST: {0}', p.restUrl),
      p.jsonRpcUrl && vscode.l10n.t('JSON-RPC: {0}', p.jsonRpcUrl),
      p.routerUrl && vscode.l10n.t('Router: {0}', p.routerUrl),
      p.executorUrl && vscode.l10n.t('OPinit executor: {0}', p.executorUrl),
      p.explorerUrl && vscode.l10n.t('Explorer: {0}', p.explorerUrl),
    ].filter(Boolean);
    const use = vscode.l10n.t('Add and Use');
    const answer = await vscode.window.showInformationMessage(
      vscode.l10n.t('Add {0} ({1}) from the Initia registry to your networks?', p.name, p.chainId ?? ''),
      {
        modal: true,
        detail: `${endpoints.join('\n')}\n\n${vscode.l10n.t('It is saved in your user settings (initia.networks), where you can edit it.')}`,
      },
      use,
    );
    if (answer !== use) return undefined;
    const current = this.settings.get('networks');
    await this.settings.update('networks', [...current, profileSetting(p)]);
    await this.networks.select(p.name);
    return p.name;
  }

  private async explainDisabled(row: RegistryRow): Promise<void> {
    await vscode.window.showInformationMessage(
      vscode.l10n.t('{0} ({1}) cannot be browsed: {2}.', row.label, row.chain.chain_id, row.disabledReason ?? ''),
    );
  }

  /** The registry chain named by chain id or name (for the command's argument). */
  async findRegistryRow(name: string): Promise<RegistryRow | undefined> {
    const { chains } = await this.registry.load();
    const lower = name.toLowerCase();
    return registryRows(chains, []).find(
      (r) => r.chain.chain_id === name || r.label.toLowerCase() === lower || r.profile?.name.toLowerCase() === lower,
    );
  }
}

/** A profile as it is written to `initia.networks`: the fields a user may set, nothing undefined. */
export function profileSetting(p: NetworkProfile): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of PROFILE_FIELDS) {
    const v = p[field];
    if (typeof v === 'string' && v) out[field] = v;
  }
  return out;
}

/** Initia: Select Network: the picker, or with a name the network (or a registry chain, confirmed and added). */
export async function selectNetwork(
  picker: NetworkPicker,
  networks: Networks,
  name?: unknown,
): Promise<string | undefined> {
  if (typeof name !== 'string') return picker.show();
  if (networks.all().some((n) => n.name === name)) {
    await networks.select(name);
    return name;
  }
  // A chain of the registry, by chain id or name: confirmed and added as from the picker.
  const row = await picker.findRegistryRow(name);
  if (row) return picker.chooseRegistry(row);
  void vscode.window.showErrorMessage(vscode.l10n.t('Initia: there is no network named "{0}".', name));
  return undefined;
}
