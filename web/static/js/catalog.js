// The game's rules catalog (GET /api/games/{id}/catalog, docs/web-api.md
// "Catalog"): one row per ground, feature, unit kind and card kind the game
// knows, with its key, its effects and a one-line English summary. The
// client has its own pictures and translations of the base game's rows; it
// draws, names and explains any other row (a ruleset's) from the catalog
// (docs/client.md "Rows the client does not know").

const TABLES = { ground: 'grounds', feature: 'features', unit: 'units', card: 'cards' };
let index = {};
let version = 0;

// setCatalog makes c (a catalog as the server sends it) the one rows are
// looked up in.
export function setCatalog(c) {
  index = {};
  for (const [one, many] of Object.entries(TABLES)) {
    index[one] = new Map(((c && c[many]) || []).map((r) => [r.key, r]));
  }
  version++;
}

// catalogVersion changes each time a catalog is set (for redraws).
export function catalogVersion() { return version; }

// row is the row of table ("ground", "feature", "unit", "card") with key,
// or null.
export function row(table, key) {
  const m = index[table];
  return (m && m.get(key)) || null;
}

// humanise turns a key into a name: "pontoon-bridge" → "Pontoon bridge".
export function humanise(key) {
  const s = String(key || '').replace(/[-_]+/g, ' ').trim();
  return s ? s[0].toUpperCase() + s.slice(1) : '';
}

// rows lists the rows of table ("ground", "feature", …) in catalog order.
export function rows(table) { return [...((index[table] && index[table].values()) || [])]; }
