// Plurals. A message that carries a count is not one string but its forms
// per CLDR plural category, with the argument that holds the count:
//
//   'ev.hits': { count: 'figures', one: '{hex} loses {figures} figure', other: '{hex} loses {figures} figures' }
//
// Intl.PluralRules for the message's language picks the category of the
// count (Czech: 1 one, 2–4 few, 0 and 5+ other; French: 0 and 1 one). A
// category the table lacks, or a count that is not a number ("?"), takes
// the other form. Each language's table must have every category its
// integer counts fall in (web/e2e/tests/plural.test.js checks it).
// No DOM here, so node's tests import it as the browser does.

const rulesByLang = new Map();

function pluralRules(lang) {
  let r = rulesByLang.get(lang);
  if (!r) {
    r = new Intl.PluralRules(lang);
    rulesByLang.set(lang, r);
  }
  return r;
}

// isSelect reports whether message is a table of forms by side, for the
// languages whose verb or article agrees with the side's name (French
// "Les Alliés commencent" / "L'Axe commence"):
//
//   'lobby.first': { side: 'side', allies: 'Les {side} commencent', axis: "L'{side} commence" }
//
// names the argument that holds the side ("allies"/"axis", or its name).
export function isSelect(message) {
  return message !== null && typeof message === 'object' && typeof message.side === 'string' && 'allies' in message;
}

// isChoice reports whether message is a table of forms by the grammatical
// number of the unit it is about, for the languages whose verb or participle
// agrees with it (French "L'infanterie britannique recule" / "Les blindés
// allemands reculent", Czech "pěchota ustupuje" / "obrněnci ustupují"):
//
//   'ev.retreat': { select: 'num', sg: …, pl: … }
//
// names the argument that holds "sg" or "pl" (the client sets num from the
// language's num.<class> key); each form is a string or a plural table.
export function isChoice(message) {
  return message !== null && typeof message === 'object' && typeof message.select === 'string' && 'sg' in message;
}

// isPlural reports whether message is a table of plural forms.
export function isPlural(message) {
  return message !== null && typeof message === 'object' && !isSelect(message) && !isChoice(message);
}

// leaves is message's forms once a choice is made: [message] for anything
// but a choice, else its sg and pl forms.
export function leaves(message) {
  return isChoice(message) ? [message.sg, message.pl] : [message];
}

// pluralCategory is the CLDR category of count in lang ('other' when count
// is not a number).
export function pluralCategory(lang, count) {
  const n = typeof count === 'number' ? count : Number(count);
  if (count === '' || count === null || count === undefined || !Number.isFinite(n)) return 'other';
  return pluralRules(lang).select(n);
}

// pluralForm is the string of message for args in lang: message itself when
// it is a string, else the form of the category of args[message.count].
export function pluralForm(message, lang, args = {}, sideOf = (v) => v) {
  if (isChoice(message)) return pluralForm(args[message.select] === 'pl' ? message.pl : message.sg, lang, args, sideOf);
  if (isSelect(message)) return message[sideOf(args[message.side])] ?? message.allies;
  if (!isPlural(message)) return message;
  return message[pluralCategory(lang, args[message.count])] ?? message.other;
}

// integerCategories is the set of categories lang puts the counts
// 0…max in: the forms a table for lang needs (counts in the game are whole
// numbers well below max).
export function integerCategories(lang, max = 10000) {
  const r = pluralRules(lang);
  const seen = new Set();
  for (let n = 0; n <= max; n++) seen.add(r.select(n));
  return [...seen].sort();
}
