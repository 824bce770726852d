/**
 * The one way tests wait: for a condition, never for a fixed time. No vscode import, so the unit, integration and e2e
 * tests (plain Node, the extension host, playwright) all use it.
 */

/**
 * Polls `test` until it holds: first at once, then every `intervalMs`. After `ms` it throws
 * "timed out waiting for <what> (<ms> ms)", which fails the calling test (mocha, node:test or the e2e runner) with
 * that message. `test` may do something before it looks (scroll a list, reopen a palette): it is called again only
 * after the previous call has settled.
 */
export async function waitFor(
  what: string,
  test: () => boolean | Promise<boolean>,
  ms = 20_000,
  intervalMs = 50,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what} (${ms} ms)`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
