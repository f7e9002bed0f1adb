// Plurals: every message that carries a count has, in every language, the
// forms of each CLDR plural category its language puts whole numbers in
// (Intl.PluralRules), and the count picks the right one. No browser needed:
// `go test ./web/` runs this file with node when node is installed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import en from '../../static/js/i18n/en.js';
import fr from '../../static/js/i18n/fr.js';
import de from '../../static/js/i18n/de.js';
import cs from '../../static/js/i18n/cs.js';
import { isPlural, isChoice, leaves, pluralForm, integerCategories } from '../../static/js/i18n/plural.js';

const langs = { en, fr, de, cs };

// The messages that word a count of something (figures, hexes, dice, cards,
// medals, units). "Turn {n}" and "Deck: {n}" name no counted noun.
const COUNTED = ['unit.figures', 'phase.retreat', 'phase.retreat.ignore', 'status.ordered', 'panel.other',
  'panel.medals.of', 'ev.battle', 'ev.card-attack', 'ev.hits', 'ev.retreat', 'ev.flag-losses', 'ev.healed',
  'ev.medals', 'ev.reshuffle'];

test('this node knows the plural rules of every language (full ICU)', () => {
  assert.deepEqual(Intl.PluralRules.supportedLocalesOf(Object.keys(langs)), Object.keys(langs));
  assert.deepEqual(integerCategories('cs'), ['few', 'one', 'other']);
  assert.deepEqual(integerCategories('en'), ['one', 'other']);
});

test('every message with a count has plural forms in every language', () => {
  for (const k of COUNTED) assert.ok(isPlural(en[k]), `en ${k}: not a plural table`);
  for (const k of Object.keys(en).filter((k) => isPlural(en[k]))) {
    // A message by the unit's number (isChoice) has plural forms in each of its forms.
    for (const [code, d] of Object.entries(langs)) assert.ok(leaves(d[k]).every(isPlural), `${code} ${k}: a string, not plural forms`);
  }
  // No "figure(s)"-style hedging is left next to a count. (French
  // "{obstacle} retiré(s)" agrees with the obstacle's name, not a count.)
  const count = /\{(n|max|victory|dice|figures|hexes|medals|cards)\}/;
  for (const [code, d] of Object.entries(langs)) {
    for (const [k, m] of Object.entries(d)) {
      for (const s of leaves(m).flatMap((x) => (isPlural(x) ? Object.values(x) : [x]))) {
        if (count.test(s)) assert.doesNotMatch(s, /\((s|es|n|en|er)\)|\/y\b/, `${code} ${k}: "${s}"`);
      }
    }
  }
});

test('each plural table has the categories its language needs, and no others', () => {
  for (const [code, d] of Object.entries(langs)) {
    const needed = integerCategories(code);
    const known = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const [k, m] of Object.entries(d).flatMap(([k, m]) => leaves(m).map((x) => [k, x]))) {
      if (!isPlural(m)) continue;
      assert.equal(typeof m.count, 'string', `${code} ${k}: no count argument`);
      for (const c of needed) assert.equal(typeof m[c], 'string', `${code} ${k}: no "${c}" form (${code} needs ${needed.join(', ')})`);
      for (const [c, s] of Object.entries(m)) {
        if (c === 'count') continue;
        assert.ok(known.includes(c), `${code} ${k}: "${c}" is not a plural category of ${code} (${known.join(', ')})`);
        assert.ok(s.includes(`{${m.count}}`), `${code} ${k} (${c}): does not show its count {${m.count}}`);
      }
    }
  }
});

test('the count picks the form', () => {
  const form = (d, code, key, args) => pluralForm(d[key], code, args);
  assert.equal(form(en, 'en', 'ev.hits', { figures: 1 }), '{unit} {at} loses {figures} figure');
  assert.equal(form(en, 'en', 'ev.hits', { figures: 2 }), '{unit} {at} loses {figures} figures');
  assert.equal(form(fr, 'fr', 'ev.hits', { figures: 0 }), '{unit} {at} perd {figures} figurine');
  assert.equal(form(fr, 'fr', 'ev.hits', { figures: 2, num: 'pl' }), '{unit} {at} perdent {figures} figurines', 'the verb agrees with a plural unit (les blindés)');
  assert.equal(form(de, 'de', 'ev.card-attack', { dice: 3 }), '{side} greifen {target_acc} {at} mit {dice} Würfeln an');
  assert.equal(form(cs, 'cs', 'ev.hits', { figures: 1 }), '{unit} {at} ztrácí {figures} figurku');
  assert.equal(form(cs, 'cs', 'ev.hits', { figures: 3 }), '{unit} {at} ztrácí {figures} figurky');
  assert.equal(form(cs, 'cs', 'ev.hits', { figures: 5, num: 'pl' }), '{unit} {at} ztrácejí {figures} figurek');
  assert.ok(isChoice(cs['ev.retreat']) && !isChoice(en['ev.retreat']), 'English verbs need no choice by number');
  assert.equal(form(cs, 'cs', 'panel.other', { n: '?' }), '{side}: {n} karet', 'an unknown count takes the other form');
  assert.equal(form(cs, 'cs', 'unit.figures', { n: 1, max: 4 }), '{n} z {max} figurek', 'the count is the named argument');
  assert.equal(pluralForm('Deck: {n}', 'en', { n: 1 }), 'Deck: {n}', 'a plain string is its own form');
});
