// Routing: /play/{game} is a game, anything else the lobby.
import { startLobby } from './lobby.js';
import { startGame } from './game.js';
import { t, onLang, ready } from './i18n.js';

await ready;

const root = document.getElementById('app');
const m = /^\/play\/([^/]+)\/?$/.exec(location.pathname);
const setTitle = () => { if (!m) document.title = t('app.title'); };
setTitle();
onLang(setTitle);
if (m) {
  document.body.classList.add('page-game');
  startGame(root, decodeURIComponent(m[1]));
} else {
  document.body.classList.add('page-lobby');
  startLobby(root);
}
