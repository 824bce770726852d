/**
 * Terminal link detection bench (run by scripts/bench.mjs as `node out/test/bench/terminal.js <out.json>`; not part of
 * npm test): the time core/terminalScan.ts (the shell's TerminalLinkProvider) takes for one 1,000-character line of
 * the kinds a terminal shows: a `cast receipt` line, dense hex (bytecode, a logs bloom), a line of many hashes and
 * addresses, ordinary build output, a line without digits. Median, 99th percentile and worst of 2,000 runs per kind after a warm-up.
 * Budget (issue 28): ≤ 1 ms per 1,000-character line.
 */
import { writeFileSync } from 'node:fs';
import { bech32 } from 'bech32';
import { scanTerminalLine } from '../../src/core/terminalScan';

const fill = (s: string) => s.repeat(Math.ceil(1000 / s.length)).slice(0, 1000);
const HASH = '47BF9B7CB61960FA212A8B5F26C30B959E4C77FE71303F2282C0CB35DEDEFCB8';
const INIT = bech32.encode('init', bech32.toWords(Buffer.alloc(20, 7)));
const lines: Record<string, string> = {
  receipt:
    `transactionHash      0x${HASH.toLowerCase()} blockNumber 1234 from 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 `.padEnd(
      1000,
      ' ',
    ),
  hex: fill('6080604052348015600e575f5ffd5b50'),
  manyLinks: fill(`${HASH} ${INIT} 0x5FbDB2315678afecb367f032d93F642f64180aa3 height 42 `),
  build: fill('Compiling 42 files with Solc 0.8.26; Solc 0.8.26 finished in 1.23s, 12 warnings '),
  noDigits: fill('Compiler run successful with warnings: unused variable, shadowed declaration. '),
};

const result: Record<string, number | Record<string, number>> = {};
const perKind: Record<string, { median: number; p99: number; max: number; links: number }> = {};
for (const [kind, line] of Object.entries(lines)) {
  for (let i = 0; i < 200; i++) scanTerminalLine(line);
  const runs: number[] = [];
  let links = 0;
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    links = scanTerminalLine(line).length;
    runs.push(performance.now() - t0);
  }
  runs.sort((a, b) => a - b);
  perKind[kind] = {
    median: Number(runs[1000]!.toFixed(4)),
    p99: Number(runs[1980]!.toFixed(4)),
    max: Number(runs[1999]!.toFixed(4)),
    links,
  };
  console.log(
    `[terminal] ${kind.padEnd(10)} ${line.length} chars: median ${perKind[kind]!.median} ms, p99 ${perKind[kind]!.p99} ms, worst ${perKind[kind]!.max} ms (a garbage collection or a compile), ${links} link(s)`,
  );
}
const medians = Object.values(perKind).map((k) => k.median);
result.terminalLinkMsPer1000 = Math.max(...medians);
result.terminalLinkP99MsPer1000 = Math.max(...Object.values(perKind).map((k) => k.p99));
result.terminalLinkKinds = Object.fromEntries(Object.entries(perKind).map(([k, v]) => [k, v.median]));
result.terminalLinkBudgetMet = Object.values(perKind).every((k) => k.p99 <= 1) ? 1 : 0;
if (process.argv[2]) writeFileSync(process.argv[2], JSON.stringify(result));
