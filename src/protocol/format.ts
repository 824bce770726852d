/**
 * The core's display formats the webviews use too, so that each is written once (core/format.ts is pure and
 * import-free; the webview bundle takes only what it uses).
 */
export { shorten } from '../core/format';
