/**
 * Whether a failed transaction's log holds a MoveVM failure (one of the three strings abort.ts parses), without the
 * parser: the hover asks this of every failed transaction it shows, and loads Explain's bundle (which names the
 * abort) only for those that do.
 */
const MOVE_VM_LOG = /VM (?:aborted: location=|failure: [A-Z_]+, location=|error: )/;

export function hasMoveFailure(log: string | undefined): boolean {
  return !!log && MOVE_VM_LOG.test(log);
}
