/**
 * The extension's settings as data: one entry per `initia.*` key of package.json, with its type, default and range
 * (a unit test holds this table and package.json's `contributes.configuration` to each other), and `coerce`, which
 * turns whatever a settings file holds into a value of the right type inside the declared range. No `vscode` import:
 * unit-tested in plain Node; platform/settings.ts reads VS Code's configuration through it.
 */

interface NumberSpec {
  readonly kind: 'number';
  readonly default: number;
  readonly minimum: number;
  readonly maximum: number;
  /** Whole numbers only (a fraction is rounded). */
  readonly integer?: boolean;
}
interface BooleanSpec {
  readonly kind: 'boolean';
  readonly default: boolean;
}
interface StringSpec {
  readonly kind: 'string';
  readonly default: string;
}
interface StringListSpec {
  readonly kind: 'stringList';
  readonly default: readonly string[];
}
interface ChoiceSpec {
  readonly kind: 'choice';
  readonly default: string;
  readonly values: readonly string[];
}
/**
 * Lists of strings per key (rich-list denoms per network name). An array, as older versions stored it, is the list
 * for every key, under `*`.
 */
interface ListsByKeySpec {
  readonly kind: 'listsByKey';
  readonly default: Readonly<Record<string, readonly string[]>>;
}
/** A list whose items the feature that owns it validates (network profiles). */
interface ListSpec {
  readonly kind: 'list';
  readonly default: readonly unknown[];
}
export type SettingSpec = (
  NumberSpec | BooleanSpec | StringSpec | ChoiceSpec | StringListSpec | ListsByKeySpec | ListSpec
) & {
  /**
   * Read from the user's settings only (`scope: application` in package.json, and listed in
   * `capabilities.untrustedWorkspaces.restrictedConfigurations`): it chooses where requests go, and a repository's
   * `.vscode/settings.json` must never do that.
   */
  readonly userOnly?: boolean;
};

export const SETTINGS = {
  activeNetwork: { kind: 'string', default: 'Initia Mainnet', userOnly: true },
  networks: { kind: 'list', default: [], userOnly: true },
  requestTimeoutMs: { kind: 'number', default: 15_000, minimum: 1000, maximum: 120_000, integer: true },
  maxResponseBytes: { kind: 'number', default: 8_388_608, minimum: 65_536, maximum: 104_857_600, integer: true },
  pageSize: { kind: 'number', default: 50, minimum: 1, maximum: 1000, integer: true },
  'statusBar.enabled': { kind: 'boolean', default: true },
  'statusBar.refreshSeconds': { kind: 'number', default: 30, minimum: 10, maximum: 3600 },
  'richList.denoms': { kind: 'listsByKey', default: {} },
  'hover.enabled': { kind: 'boolean', default: true },
  'http.transport': { kind: 'choice', default: 'auto', values: ['auto', 'vscode', 'direct'], userOnly: true },
  'hover.addresses': { kind: 'boolean', default: true },
  'terminal.links': { kind: 'boolean', default: true },
  'watch.timeLimitSeconds': { kind: 'number', default: 180, minimum: 10, maximum: 3600, integer: true },
  'debug.maxTraceMegabytes': { kind: 'number', default: 256, minimum: 1, maximum: 4096, integer: true },
  'names.enabled': { kind: 'boolean', default: true },
  'localRollup.enabled': { kind: 'boolean', default: true, userOnly: true },
  'localRollup.indexerPort': {
    kind: 'number',
    default: 6767,
    minimum: 1,
    maximum: 65535,
    integer: true,
    userOnly: true,
  },
  'localRollup.restPort': { kind: 'number', default: 1317, minimum: 1, maximum: 65535, integer: true, userOnly: true },
  'localRollup.rpcPort': { kind: 'number', default: 26657, minimum: 1, maximum: 65535, integer: true, userOnly: true },
  'localRollup.jsonRpcPort': {
    kind: 'number',
    default: 8545,
    minimum: 1,
    maximum: 65535,
    integer: true,
    userOnly: true,
  },
  'registry.urls': {
    kind: 'stringList',
    default: ['https://registry.initia.xyz/chains.json', 'https://registry.testnet.initia.xyz/chains.json'],
    userOnly: true,
  },
} as const satisfies Record<string, SettingSpec>;

export type SettingKey = keyof typeof SETTINGS;
type ValueOf<S> = S extends NumberSpec
  ? number
  : S extends BooleanSpec
    ? boolean
    : S extends { kind: 'choice'; values: readonly (infer V)[] }
      ? V
      : S extends StringSpec
        ? string
        : S extends StringListSpec
          ? readonly string[]
          : S extends ListsByKeySpec
            ? Readonly<Record<string, readonly string[]>>
            : readonly unknown[];
export type SettingValue<K extends SettingKey> = ValueOf<(typeof SETTINGS)[K]>;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** A value of the key's type within its range: the default when the raw value is of the wrong type. */
export function coerce<K extends SettingKey>(key: K, raw: unknown): SettingValue<K> {
  const spec: SettingSpec = SETTINGS[key];
  return coerceSpec(spec, raw) as SettingValue<K>;
}

function coerceSpec(spec: SettingSpec, raw: unknown): unknown {
  switch (spec.kind) {
    case 'number': {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(n)) return spec.default;
      const clamped = Math.min(spec.maximum, Math.max(spec.minimum, n));
      return spec.integer ? Math.round(clamped) : clamped;
    }
    case 'boolean':
      return typeof raw === 'boolean' ? raw : spec.default;
    case 'string':
      return typeof raw === 'string' && raw.trim() ? raw.trim() : spec.default;
    case 'choice':
      return typeof raw === 'string' && spec.values.includes(raw) ? raw : spec.default;
    case 'stringList':
      return Array.isArray(raw) ? cleanList(raw) : spec.default;
    case 'listsByKey': {
      if (Array.isArray(raw)) return { '*': cleanList(raw) };
      if (!raw || typeof raw !== 'object') return spec.default;
      const out: Record<string, string[]> = {};
      for (const [key, list] of Object.entries(raw))
        if (key.trim() && Array.isArray(list)) out[key.trim()] = cleanList(list);
      return out;
    }
    case 'list':
      return Array.isArray(raw) ? raw : spec.default;
  }
}

/** Trimmed strings, without empties or duplicates, in the user's order. */
function cleanList(raw: readonly unknown[]): string[] {
  return [
    ...new Set(
      raw
        .filter((d): d is string => typeof d === 'string')
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ];
}
