/**
 * Entry of the direct transport's bundle (dist/direct.js): undici's dispatchers, which only the direct transport and
 * CA certificates handed to VS Code's fetch need. transport.ts requires this module on the first such need, never
 * on the default path (VS Code's fetch without extra CAs); the rest of src takes only its types (esbuild.mjs maps the
 * require to dist/direct.js, and the build fails if a module lands in both bundles).
 *
 * Only the three dispatchers are taken, from undici's own files, with the request API mixed into them as undici's
 * index.js does: not its fetch, WebSocket, cache, mock agents and interceptors, which the package's index would bring
 * (312 KB bundled instead of 523 KB, loaded in half the time). A move of those files in a later undici fails the build.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type * as Undici from 'undici';

const Dispatcher = require('undici/lib/dispatcher/dispatcher') as typeof Undici.Dispatcher;
Object.assign(Dispatcher.prototype, require('undici/lib/api') as object);

export const Agent = require('undici/lib/dispatcher/agent') as typeof Undici.Agent;
export const Pool = require('undici/lib/dispatcher/pool') as typeof Undici.Pool;
export const EnvHttpProxyAgent =
  require('undici/lib/dispatcher/env-http-proxy-agent') as typeof Undici.EnvHttpProxyAgent;
