/**
 * Message kinds in words and chain quantities as decimals (pure): the small part of a transaction's explanation that
 * the language-model tools share with Explain, apart from txExplain.ts so that the tools' bundle does not take the
 * rest of it (a module two lazy bundles share is held by the features bundle).
 */

/** Message kinds in words, by type URL (the version segment is ignored: v1beta1 and v1 read alike). */
const MSG_WORDS: Record<string, string> = {
  'cosmos.bank.MsgSend': 'Send',
  'cosmos.bank.MsgMultiSend': 'Multi-send',
  'ibc.applications.transfer.MsgTransfer': 'IBC transfer',
  'ibc.core.client.MsgUpdateClient': 'Update IBC client',
  'ibc.core.channel.MsgRecvPacket': 'Receive IBC packet',
  'ibc.core.channel.MsgAcknowledgement': 'IBC acknowledgement',
  'ibc.core.channel.MsgTimeout': 'IBC timeout',
  'cosmwasm.wasm.MsgExecuteContract': 'Execute contract',
  'cosmwasm.wasm.MsgInstantiateContract': 'Instantiate contract',
  'cosmwasm.wasm.MsgInstantiateContract2': 'Instantiate contract',
  'cosmwasm.wasm.MsgStoreCode': 'Store contract code',
  'cosmwasm.wasm.MsgMigrateContract': 'Migrate contract',
  'initia.move.MsgExecute': 'Execute Move function',
  'initia.move.MsgExecuteJSON': 'Execute Move function',
  'initia.move.MsgScript': 'Run Move script',
  'initia.move.MsgScriptJSON': 'Run Move script',
  'initia.move.MsgPublish': 'Publish Move modules',
  'minievm.evm.MsgCall': 'Call EVM contract',
  'minievm.evm.MsgCreate': 'Create EVM contract',
  'minievm.evm.MsgCreate2': 'Create EVM contract',
  'cosmos.staking.MsgDelegate': 'Delegate',
  'cosmos.staking.MsgUndelegate': 'Undelegate',
  'cosmos.staking.MsgBeginRedelegate': 'Redelegate',
  'initia.mstaking.MsgDelegate': 'Delegate',
  'initia.mstaking.MsgUndelegate': 'Undelegate',
  'initia.mstaking.MsgBeginRedelegate': 'Redelegate',
  'cosmos.distribution.MsgWithdrawDelegatorReward': 'Claim staking rewards',
  'cosmos.gov.MsgVote': 'Vote',
  'cosmos.gov.MsgSubmitProposal': 'Submit proposal',
  'cosmos.gov.MsgDeposit': 'Deposit on proposal',
  'cosmos.authz.MsgExec': 'Execute with authorization',
  'cosmos.authz.MsgGrant': 'Grant authorization',
  'cosmos.authz.MsgRevoke': 'Revoke authorization',
  'cosmos.feegrant.MsgGrantAllowance': 'Grant fee allowance',
  'opinit.ophost.MsgInitiateTokenDeposit': 'OPinit deposit',
  'opinit.opchild.MsgInitiateTokenWithdrawal': 'OPinit withdrawal',
  'opinit.opchild.MsgFinalizeTokenDeposit': 'Finalize OPinit deposit',
  'opinit.ophost.MsgFinalizeTokenWithdrawal': 'Claim OPinit withdrawal',
};

/** The words of a message type this version knows ("Send"), from its own table only; undefined for any other type. */
export function knownMsgTypeWords(typeUrl: string): string | undefined {
  const key = typeUrl.replace(/^\//, '').replace(/\.v\d+(?:(?:alpha|beta)\d+)?\./, '.');
  return Object.hasOwn(MSG_WORDS, key) ? MSG_WORDS[key] : undefined;
}

/** A hex quantity (`0x1a`) or a decimal string as a decimal string; undefined when it is neither. */
export function quantity(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value !== 'string') return undefined;
  const v = value.trim();
  if (/^0x[0-9a-fA-F]{1,64}$/.test(v)) return BigInt(v).toString();
  if (/^\d{1,78}$/.test(v)) return v.replace(/^0+(?=\d)/, '');
  return undefined;
}
