/**
 * The entry of dist/picker.js (esbuild.mjs): Select Network's picker and the probe of this machine's rollup, required
 * by pickerLoader.ts when the picker is first opened (or the command is run with a name), never for a lookup, a tree
 * or a hover.
 */
export { NetworkPicker, selectNetwork } from './networkPicker';
export { LocalRollupFinder } from './localRollup';
