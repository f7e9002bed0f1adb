// The four dictionaries word every key, and cover every card, terrain,
// obstacle, unit type, dice face and event the engine names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { repo, buildServer } from '../lib.js';
import en from '../../static/js/i18n/en.js';
import fr from '../../static/js/i18n/fr.js';
import de from '../../static/js/i18n/de.js';
import cs from '../../static/js/i18n/cs.js';
import { isPlural, isSelect, isChoice, leaves, pluralForm } from '../../static/js/i18n/plural.js';

const langs = { en, fr, de, cs };
const go = (f) => fs.readFileSync(path.join(repo, f), 'utf8');

test('every language has every key, with the same placeholders', () => {
  const ph = (s) => [...new Set(s.match(/\{\w+\}/g) || [])].sort().join();
  // A message with a count has a form per plural category (plural.test.js);
  // every form has the placeholders of English's other form.
  // A message by side (plural.js isSelect) may write a side's name out
  // (German "Die Alliierten"): its forms need English's placeholders but {side}.
  // A message by the unit's number (isChoice) has those forms in each of its forms.
  const forms1 = (m) => (isPlural(m) ? Object.entries(m).filter(([c]) => c !== 'count') : isSelect(m) ? [['allies', m.allies], ['axis', m.axis]] : [['', m]]);
  const forms = (m) => (isChoice(m) ? [...forms1(m.sg).map(([c, x]) => ['sg ' + c, x]), ...forms1(m.pl).map(([c, x]) => ['pl ' + c, x])] : forms1(m));
  const noSide = (p) => p.split(',').filter((x) => x && x !== '{side}').join();
  for (const [code, d] of Object.entries(langs)) {
    assert.deepEqual(Object.keys(d).filter((k) => !(k in en)), [], `${code}: unknown keys`);
    assert.deepEqual(Object.keys(en).filter((k) => !(k in d)), [], `${code}: missing keys`);
    for (const k of Object.keys(en)) {
      const want = ph(isPlural(en[k]) ? en[k].other : en[k]);
      for (const [cat, s] of forms(d[k])) {
        if (isChoice(d[k])) assert.ok(['sg', 'pl'].every((n) => n in d[k]), `${code} ${k}: a choice needs sg and pl`);
        if (isSelect(d[k])) assert.equal(noSide(ph(s)), noSide(want), `${code} ${k} (${cat}): placeholders`);
        else assert.equal(ph(s), want, `${code} ${k}${cat ? ' (' + cat + ')' : ''}: placeholders`);
      }
    }
  }
});

test('the engine\'s names are all worded', () => {
  // The base game's rows, from the engine's catalog (`m44 catalog --json`).
  const cat = JSON.parse(execFileSync(buildServer(), ['catalog', '--json'], { encoding: 'utf8' }));
  const cards = cat.cards.map((c) => c.key);
  assert.ok(cards.length >= 22, cards.join());
  const terrains = cat.grounds.map((g) => g.key);
  assert.ok(terrains.length >= 14, terrains.join());
  const obstacles = cat.features.filter((f) => f.layer === 'obstacle').map((f) => f.key);
  const structures = cat.features.filter((f) => f.layer === 'structure').map((f) => f.key);
  assert.ok(obstacles.length >= 4 && structures.length >= 2, cat.features.map((f) => f.key).join());
  const events = /eventNames = \[\.\.\.\]string\{([^}]*)\}/.exec(go('rules/events.go'))[1].match(/"([a-z-]+)"/g).map((s) => s.slice(1, -1));
  for (const [code, d] of Object.entries(langs)) {
    for (const c of cards) { assert.ok(d['card.' + c], `${code}: card ${c}`); assert.ok(d['fx.' + c], `${code}: effect of ${c}`); }
    for (const tr of terrains) assert.ok(d['terrain.' + tr], `${code}: terrain ${tr}`);
    for (const o of obstacles) assert.ok(d['obstacle.' + o], `${code}: obstacle ${o}`);
    for (const o of structures) assert.ok(d['structure.' + o], `${code}: structure ${o}`);
    for (const u of ['infantry', 'armor', 'artillery']) assert.ok(d['unit.' + u], `${code}: unit ${u}`);
    for (const f of ['infantry', 'armor', 'grenade', 'star', 'flag']) assert.ok(d['face.' + f], `${code}: face ${f}`);
    for (const e of events) assert.ok(d['ev.' + e], `${code}: event ${e}`);
  }
});

test('the rulebook\'s own card names', () => {
  assert.equal(fr['card.probe'], 'Accrochage');
  assert.equal(fr['card.assault'], 'Assaut');
  assert.equal(fr['card.recon-in-force'], 'Reconnaissance en force');
  assert.equal(de['card.recon'], 'Aufklärung');
  assert.equal(de['card.their-finest-hour'], 'Sternstunde');
  assert.equal(cs['card.recon'], 'Průzkum');
  assert.equal(cs['card.ambush'], 'Přepadení');
});

// Issue 18 item 7: side and verb agree (FR "L'Axe défausse", DE "Die
// Alliierten beginnen", CS "Osa odhazuje"), on the log's real lines.
test('side and verb agree in every language', () => {
  const word = (d, code, key, side, args = {}) => {
    const sideName = d['side.' + side];
    const a = { ...args, side };
    const s = pluralForm(d[key] ?? en[key], code, a, (v) => v);
    return s.replace(/\{(\w+)\}/g, (m, k) => (k === 'side' ? sideName : k in a ? String(a[k]) : m));
  };
  assert.equal(word(fr, 'fr', 'ev.discard', 'axis', { card: 'Reconnaissance' }), "L'Axe défausse Reconnaissance");
  assert.equal(word(fr, 'fr', 'ev.discard', 'allies', { card: 'Reconnaissance' }), 'Les Alliés défaussent Reconnaissance');
  assert.equal(word(fr, 'fr', 'lobby.first', 'axis'), "L'Axe commence");
  assert.equal(word(fr, 'fr', 'ev.game-over', 'axis'), "Victoire de l'Axe !");
  assert.equal(word(de, 'de', 'lobby.first', 'allies'), 'Die Alliierten beginnen');
  assert.equal(word(de, 'de', 'lobby.first', 'axis'), 'Die Achsenmächte beginnen');
  assert.equal(word(cs, 'cs', 'ev.discard', 'axis', { card: 'Průzkum' }), 'Osa odhazuje Průzkum');
  assert.equal(word(cs, 'cs', 'ev.draw.hidden', 'allies'), 'Spojenci berou kartu');
  assert.equal(word(cs, 'cs', 'lobby.first', 'axis'), 'Začíná Osa');
  // And plurals on real lines.
  assert.equal(word(cs, 'cs', 'ev.hits', 'axis', { unit: 'pěchota', at: 'v lese', figures: 2 }), 'pěchota v lese ztrácí 2 figurky');
  assert.equal(word(cs, 'cs', 'ev.hits', 'axis', { unit: 'pěchota', at: 'v lese', figures: 5 }), 'pěchota v lese ztrácí 5 figurek');
  assert.equal(word(fr, 'fr', 'ev.hits', 'axis', { unit: "l'infanterie", at: 'dans la forêt', figures: 0 }), "l'infanterie dans la forêt perd 0 figurine");
  // And the verb agrees with a unit whose noun is plural (issue 18: the log in words).
  assert.equal(word(fr, 'fr', 'ev.retreat', 'axis', { unit: 'les blindés allemands', from_at: 'à Ranville', to_at: 'dans la forêt', hexes: 2, num: 'pl' }), 'les blindés allemands reculent de 2 hexagones : à Ranville → dans la forêt');
  assert.equal(word(de, 'de', 'ev.eliminated', 'axis', { unit: 'die deutschen Panzer', at: 'im Wald', num: 'pl' }), 'die deutschen Panzer im Wald sind eliminiert');
  assert.equal(word(cs, 'cs', 'ev.retreat', 'allies', { unit: 'britští obrněnci', from_at: 'u Ranville', to_at: 'v lese', hexes: 3, num: 'pl' }), 'britští obrněnci ustupují o 3 pole: u Ranville → v lese');
  assert.equal(word(cs, 'cs', 'ev.eliminated', 'allies', { unit: 'britská pěchota', at: 'v lese', num: 'sg' }), 'britská pěchota v lese je zničena');
});
