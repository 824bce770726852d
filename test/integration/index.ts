// Entry point loaded by VS Code as `extensionTestsPath`: runs every out/test/integration/**/*.test.js with mocha
// inside the extension host, in one session. Output goes to the extension host console, which the launcher prints.
// Env (set it on the `npm test` / runIntegration command line; it reaches the extension host):
//   INITIA_TEST_GREP   only run tests whose full title matches this regular expression
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/**
 * activation.test.js first: its tests assert that the lazy bundles are not loaded before their first use, which holds
 * only in an extension host where no other suite has used them yet (the host is shared by every suite).
 */
const activationFirst = (a: string, b: string) =>
  Number(path.basename(b) === 'activation.test.js') - Number(path.basename(a) === 'activation.test.js') ||
  a.localeCompare(b);

export function run(): Promise<void> {
  const dir = __dirname;
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: 'spec' });
  const grep = process.env.INITIA_TEST_GREP;
  if (grep) mocha.grep(new RegExp(grep));
  const files = fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.js'))
    .map((f) => path.join(dir, f))
    .sort(activationFirst);
  for (const f of files) mocha.addFile(f);

  return new Promise<void>((resolve, reject) => {
    if (files.length === 0) {
      reject(new Error(`no *.test.js files under ${dir}`));
      return;
    }
    try {
      const failed: string[] = [];
      const runner = mocha.run((failures) => {
        // Failures again, one line each, after mocha's report: a log cut to its tail still names them.
        for (const f of failed) console.log(f);
        // The plain closing line that any CI log reader understands, after mocha's own "N passing / M failing".
        const { passes = 0, pending = 0 } = runner.stats ?? {};
        console.log(`${passes} passed, ${failures} failed${pending > 0 ? `, ${pending} skipped` : ''}`);
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else if (passes === 0)
          reject(new Error(`no integration test ran${grep ? ` (INITIA_TEST_GREP=${grep} matched none)` : ''}`));
        else resolve();
      });
      runner.on('fail', (test, err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        failed.push(`✖ ${test.fullTitle()}: ${message.split('\n')[0].slice(0, 300)}`);
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
    }
  });
}
