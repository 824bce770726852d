import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { trackChainProblem } from '../../src/transfers/trackRequest';

test('a hash said to be on another chain than the route broadcasts on is refused in words (issue 34)', () => {
  const route = { source_asset_chain_id: 'osmosis-1' };
  assert.equal(trackChainProblem(route, 'osmosis-1'), undefined);
  assert.equal(trackChainProblem(undefined, 'interwoven-1'), undefined);
  assert.match(trackChainProblem(route, 'interwoven-1') ?? '', /broadcast on osmosis-1, not on interwoven-1/);
  assert.match(trackChainProblem(route, '') ?? '', /broadcast on osmosis-1/);
});
