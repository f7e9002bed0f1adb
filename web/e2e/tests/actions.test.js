// Reading the engine's action texts (docs/protocol.md) in the client.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../static/js/actions.js';

// FAQ III "Faire sauter un pont": `blow r,c` names the bridge's hex, which
// the page shows on the blow's button.
test('blow names its bridge', () => {
  const e = parse('blow 4,12');
  assert.equal(e.kind, 'blow');
  assert.equal(e.from, '4,12');
  assert.equal(parse('remove-wire 3,5').from, '3,5');
});
