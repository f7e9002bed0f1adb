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

// Winter Wars IV "Pont flottant enneigé": `pontoon r,c` names the river hex
// the page marks for it.
test('pontoon names its river hex', () => {
  const e = parse('pontoon 4,2');
  assert.equal(e.kind, 'pontoon');
  assert.equal(e.from, '4,2');
});

// Drop in the Night: 82nd's daylight drop: `drop r,c N` names the centre and
// how many paratrooper units come down, both shown on its button.
test('drop names its centre and its units', () => {
  const e = parse('drop 11,5 2');
  assert.equal(e.kind, 'drop');
  assert.equal(e.from, '11,5');
  assert.equal(e.units, 2);
  assert.equal(parse({ action: 'drop 11,5 3', kind: 'drop', from: '11,5', units: 3 }).units, 3);
});
