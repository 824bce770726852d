/**
 * Loads the core bundle (undici, zod schemas, API clients) on first use. Activation never calls this, so starting
 * the extension costs neither the parse of those modules nor any network I/O.
 */
import { join } from 'node:path';

type Core = typeof import('./core/index');

let core: Core | undefined;

export function loadCore(): Core {
  // A path computed at run time, so esbuild leaves it alone: dist/core.js beside dist/extension.js.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  core ??= require(join(__dirname, 'core.js')) as Core;
  return core;
}

export function isCoreLoaded(): boolean {
  return core !== undefined;
}
