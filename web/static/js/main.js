// Routing: /play/{game} is a game, anything else the lobby.
import { startLobby } from './lobby.js';
import { startGame } from './game.js';
import { bindSeats } from './accounts.js';
import { startTable } from './table.js';
import { startReplay } from './replay.js';
import { t, onLang, ready } from './i18n.js';

await ready;

const root = document.getElementById('app');
const m = /^\/play\/([^/]+)\/?$/.exec(location.pathname);
const setTitle = () => { if (!m) document.title = t('app.title'); };
setTitle();
onLang(setTitle);
const replay = new URLSearchParams(location.search).get('replay');
if (m && replay != null) {
  document.body.classList.add('page-game');
  startReplay(root, decodeURIComponent(m[1]), replay === '' ? 0 : Number(replay));
} else if (m) {
  document.body.classList.add('page-game');
  // A signed-in player's seats follow their account (issue 13).
  bindSeats(decodeURIComponent(m[1]), decodeURIComponent(location.hash.replace(/^#/, '')).split(','));
  startGame(root, decodeURIComponent(m[1]));
  startTable(decodeURIComponent(m[1])); // clock, chat, your-turn alerts
} else {
  document.body.classList.add('page-lobby');
  startLobby(root);
}
