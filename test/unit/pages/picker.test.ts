/**
 * The pickers' search (src/webview/components/picker.ts `filterOptions`), the one search of the bridge's chains and
 * assets: a substring of the label, value, detail, note or an alias in any case, exact matches first, a blank query
 * finding everything in order; and the bridge form's pickers in a Node document (happy-dom), where the options come
 * from the host's views as the form makes them (an asset found by its symbol under a twin's label) and typing lists
 * what `filterOptions` finds, in its order.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { installDom, type PageDom } from './dom';
import { filledStore, recordingActions } from './fixtures';
import { filterOptions, type PickerOption } from '../../../src/webview/components/picker';
import { mountForm } from '../../../src/bridge/page/components/form';
import type { AssetOptionView, ChainOptionView } from '../../../src/bridge/protocol';
import { BRIDGE, pickerList } from '../../../src/webview/selectors';

let dom: PageDom;
beforeEach(() => {
  dom = installDom();
});
afterEach(() => dom.close());

/** The router's chains as the host sends them: its order (the L1, rollups by name, then the rest by name). */
const CHAINS: ChainOptionView[] = [
  ['interwoven-1', 'Initia', 'initia'],
  ['alpha-rollup-1', 'Alpha', 'initia'],
  ['zeta-rollup-1', 'zeta rollup', 'initia'],
  ['8453', 'base', 'other'],
  ['cosmoshub-4', 'cosmoshub', 'other'],
  ['1', 'Ethereum', 'other'],
  ['noname-1', 'noname-1', 'other'],
  ['osmosis-1', 'Osmosis', 'other'],
].map(([chainId, name, group]) => ({ chainId, name, group: group as 'initia' | 'other', addressHint: 'init1…' }));

/** A chain's option as the form makes it. */
const chainOption = (c: ChainOptionView): PickerOption => ({ value: c.chainId, label: c.name, detail: c.chainId });

/** Assets as the host sends them (by label without balances), with bridged twins told apart by their labels. */
const ASSETS: AssetOptionView[] = [
  { denom: 'ibc/ETH-AXELAR', label: 'ETH (ibc/ET…ELAR)', symbol: 'ETH', convertible: true },
  { denom: 'ibc/ETH-OTHER', label: 'ETH (ibc/ET…THER)', symbol: 'ETH', convertible: true },
  { denom: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', label: 'eUSDC', symbol: 'eUSDC', convertible: true },
  { denom: 'uinit', label: 'INIT', symbol: 'INIT', name: 'Initia', convertible: true },
  { denom: 'ulow', label: 'low', symbol: 'low', convertible: true },
  { denom: 'umystery', label: 'umystery', symbol: 'umystery', convertible: false },
  { denom: 'ibc/USDC-NOBLE', label: 'USDC', symbol: 'USDC', origin: 'from noble-1', convertible: true },
  { denom: 'ibc/USDC-AXELAR', label: 'USDC.axl', symbol: 'USDC', origin: 'from axelar-dojo-1', convertible: true },
];

/** An asset's option as the form makes it: found by its symbol too. */
const assetOption = (a: AssetOptionView): PickerOption => ({
  value: a.denom,
  label: a.label,
  aliases: [a.symbol],
  note: [a.name, a.origin].filter(Boolean).join(' · ') || undefined,
});

const labels = (options: readonly PickerOption[]) => options.map((o) => o.label);
const values = (options: readonly PickerOption[]) => options.map((o) => o.value);

test('filterOptions over chains: a substring of the name or chain id in any case, exact matches first', () => {
  const chains = CHAINS.map(chainOption);
  assert.equal(filterOptions(chains, ''), chains, 'a blank query: every chain, in order');
  assert.deepEqual(values(filterOptions(chains, '  ')), values(chains));
  assert.deepEqual(values(filterOptions(chains, 'ROLLUP')), ['alpha-rollup-1', 'zeta-rollup-1']);
  assert.deepEqual(values(filterOptions(chains, 'OSMOSIS')), ['osmosis-1']);
  assert.deepEqual(values(filterOptions(chains, ' osmosis-1 ')), ['osmosis-1'], 'the query is trimmed');
  assert.equal(values(filterOptions(chains, '1'))[0], '1', 'the exact chain id first');
  assert.deepEqual(values(filterOptions(chains, '1')).slice(1), [
    'interwoven-1',
    'alpha-rollup-1',
    'zeta-rollup-1',
    'noname-1',
    'osmosis-1',
  ]);
  assert.deepEqual(values(filterOptions(chains, 'base')), ['8453'], 'by name alone');
  assert.deepEqual(values(filterOptions(chains, '845')), ['8453'], 'by chain id alone');
  assert.equal(values(filterOptions(chains, 'initia'))[0], 'interwoven-1', 'the exact name first');
  assert.deepEqual(filterOptions(chains, 'nothing like it'), []);
});

test('filterOptions over assets: by symbol, label, denom, name or origin in any case; exact symbols first', () => {
  const assets = ASSETS.map(assetOption);
  assert.equal(filterOptions(assets, ''), assets, 'a blank query: every asset, in order');
  // A twin labelled "USDC.axl" is found by its symbol exactly as "USDC" is: both before "eUSDC".
  assert.deepEqual(labels(filterOptions(assets, 'usdc')), ['USDC', 'USDC.axl', 'eUSDC']);
  assert.deepEqual(labels(filterOptions(assets, '.AXL')), ['USDC.axl']);
  assert.deepEqual(labels(filterOptions(assets, 'eth')), ['ETH (ibc/ET…ELAR)', 'ETH (ibc/ET…THER)']);
  assert.deepEqual(labels(filterOptions(assets, 'UINIT')), ['INIT'], 'by denom');
  assert.deepEqual(labels(filterOptions(assets, 'initia')), ['INIT'], 'by name');
  assert.deepEqual(labels(filterOptions(assets, 'noble')), ['USDC'], 'by where it comes from');
  assert.deepEqual(
    labels(filterOptions(assets, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')),
    ['eUSDC'],
    'a checksummed 0x denom, typed in lower case',
  );
  assert.deepEqual(labels(filterOptions(assets, 'in')), ['INIT'], 'a substring of the label and the denom');
  assert.deepEqual(filterOptions(assets, 'zzz'), []);
});

test('filterOptions: an exact match is one of the label, the value or an alias, never of the detail or the note', () => {
  const options: PickerOption[] = [
    { value: 'b', label: 'note match', note: 'x' },
    { value: 'c', label: 'detail match', detail: 'x' },
    { value: 'd', label: 'alias', aliases: ['X'] },
    { value: 'x', label: 'value' },
    { value: 'e', label: 'X' },
  ];
  assert.deepEqual(values(filterOptions(options, 'x')), ['d', 'x', 'e', 'b', 'c']);
});

/** Types into a picker's box as a user does, and reads the labels its list shows. */
function typeInto(id: string, text: string): string[] {
  const input = document.getElementById(id) as HTMLInputElement;
  input.focus();
  input.value = text;
  input.dispatchEvent(new Event('input'));
  const list = document.getElementById(pickerList(id))!;
  return [...list.querySelectorAll('[role=option] .picker-label')].map((el) => el.textContent ?? '');
}

test("the bridge form's pickers: typing lists what filterOptions finds, an asset by its symbol; ↓ and Enter pick the one highlighted", () => {
  const store = filledStore();
  const { actions, calls } = recordingActions();
  document.getElementById('app')!.append(mountForm(store, actions));
  store.dispatch({ type: 'chains', chains: CHAINS });
  store.dispatch({
    type: 'assets',
    side: 'source',
    list: { chainId: 'minimove-1', reply: { assets: ASSETS, balanceNote: undefined } },
  });

  assert.deepEqual(typeInto(BRIDGE.sourceChain, 'ROLLUP'), ['Alpha', 'zeta rollup']);
  assert.deepEqual(typeInto(BRIDGE.sourceChain, '1')[0], 'Ethereum', 'the exact chain id first');
  assert.deepEqual(typeInto(BRIDGE.sourceChain, 'nothing like it'), []);
  assert.match(document.getElementById(pickerList(BRIDGE.sourceChain))!.textContent ?? '', /Nothing matches/);

  // The asset picker: the symbol comes from the host's view, so a twin is found by it exactly.
  assert.deepEqual(typeInto(BRIDGE.sourceAsset, 'usdc'), ['USDC', 'USDC.axl', 'eUSDC']);
  const input = document.getElementById(BRIDGE.sourceAsset) as HTMLInputElement;
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown' }));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  assert.deepEqual(calls.at(-1), { name: 'pickAsset', args: ['source', 'ibc/USDC-AXELAR'] }, 'the second, USDC.axl');
  // Every option the form makes is one filterOptions is given: the whole list for a blank query.
  assert.equal(typeInto(BRIDGE.sourceAsset, '').length, ASSETS.length + 1, 'and "Custom denom…"');
});
