/** The three honest verdicts: matches (every effect accounted for), unverified (something was not understood), mismatch. */
import type { MsgSummary, Problem, Run } from './model';

export type VerdictKind = 'matches' | 'unverified' | 'mismatch';

export interface Verdict {
  kind: VerdictKind;
  /** What the messages do, in words, when they match. */
  effects: string[];
  /** What the user should know besides the effects (a caveat: what a judgement rests on), in words. */
  caveats: string[];
  mismatches: Problem[];
  unverified: Problem[];
  summaries: MsgSummary[];
}

export function verdictOf(run: Run, effects: string[]): Verdict {
  const mismatches = run.problems.filter((p) => p.level === 'mismatch');
  const unverified = run.problems.filter((p) => p.level === 'unverified');
  const kind: VerdictKind = mismatches.length ? 'mismatch' : unverified.length ? 'unverified' : 'matches';
  return {
    kind,
    effects: kind === 'matches' ? effects : [],
    caveats: kind === 'matches' ? [...new Set(run.caveats)] : [],
    mismatches,
    unverified,
    summaries: run.summaries,
  };
}
