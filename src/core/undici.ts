/**
 * Entry of the direct transport's bundle (dist/direct.js): undici's dispatchers, which only the direct transport and
 * CA certificates handed to VS Code's fetch need. transport.ts requires this module on the first such need, never
 * on the default path (VS Code's fetch without extra CAs); the rest of src takes only its types (esbuild.mjs maps the
 * require to dist/direct.js, and the build fails if a module lands in both bundles).
 */
export { Agent, EnvHttpProxyAgent, Pool } from 'undici';
