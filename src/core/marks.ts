/**
 * Moments of the session's first lookup, as performance marks named `initia:<moment>`, each set once per session: the
 * bench (test/bench/host.ts) splits the cold first lookup into its parts with them. After the first time a moment
 * costs one Set lookup.
 */
const seen = new Set<string>();

export function markOnce(moment: string): void {
  if (seen.has(moment)) return;
  seen.add(moment);
  performance.mark(`initia:${moment}`);
}
