/**
 * Loads the lazy bundles on first use. Activation never calls these, so starting the extension costs neither the
 * parse of those modules nor any network I/O:
 *  - dist/core.js: undici, the zod schemas, the API clients (pure, no VS Code);
 *  - dist/features.js: result documents, lookups, sidebar views, hover (VS Code adapters).
 */
import { join } from 'node:path';

type Core = typeof import('./core/index');
type FeaturesModule = typeof import('./features');

let core: Core | undefined;
let features: FeaturesModule | undefined;

// Paths computed at run time, so esbuild leaves them alone: the bundles sit beside dist/extension.js.
export function loadCore(): Core {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  core ??= require(join(__dirname, 'core.js')) as Core;
  return core;
}

export function loadFeaturesModule(): FeaturesModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  features ??= require(join(__dirname, 'features.js')) as FeaturesModule;
  return features;
}
