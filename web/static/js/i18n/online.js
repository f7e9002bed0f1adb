// Interface text of online play (issue 13) in the four languages: merged
// into the main dictionaries by online.js.
export default {
  en: {
    'ev.timeout': '{side} ran out of time',
    'acct.signin': 'Sign in', 'acct.signup': 'Create the account', 'acct.signout': 'Sign out',
    'acct.title': 'Your account', 'acct.why': 'Optional: an account keeps your battles on any device and gives you a rating.',
    'acct.name': 'Name', 'acct.password': 'Password (8 characters or more)', 'acct.as': '{name} · {rating}',
    'acct.welcome': 'Welcome, {name}', 'acct.games': 'Your battles (account)', 'acct.over': 'over', 'acct.live': 'in progress',
    'err.name_taken': 'This name is taken.', 'err.bad_credentials': 'Wrong name or password.', 'err.too_many_attempts': 'Too many attempts: {message}',
    'online.local': 'These links point at this machine only ({host}): a friend elsewhere cannot open them. Start the server with --addr :8044 and share your network address, or give it --public-url (README: "Play with friends over the internet").',
    'online.spectate': 'Spectator link',
  },
  fr: {
    'ev.timeout': 'Les {side} n\'ont plus de temps',
    'acct.signin': 'Se connecter', 'acct.signup': 'Créer le compte', 'acct.signout': 'Se déconnecter',
    'acct.title': 'Votre compte', 'acct.why': 'Facultatif : un compte garde vos batailles sur tout appareil et vous donne un classement.',
    'acct.name': 'Nom', 'acct.password': 'Mot de passe (8 caractères ou plus)', 'acct.as': '{name} · {rating}',
    'acct.welcome': 'Bienvenue, {name}', 'acct.games': 'Vos batailles (compte)', 'acct.over': 'terminée', 'acct.live': 'en cours',
    'err.name_taken': 'Ce nom est déjà pris.', 'err.bad_credentials': 'Nom ou mot de passe incorrect.', 'err.too_many_attempts': 'Trop de tentatives : {message}',
    'online.local': "Ces liens ne mènent qu'à cette machine ({host}) : un ami ailleurs ne pourra pas les ouvrir. Lancez le serveur avec --addr :8044 et partagez votre adresse réseau, ou donnez-lui --public-url (README : « Play with friends over the internet »).",
    'online.spectate': 'Lien pour les spectateurs',
  },
  de: {
    'ev.timeout': 'Die Zeit der {side} ist abgelaufen',
    'acct.signin': 'Anmelden', 'acct.signup': 'Konto anlegen', 'acct.signout': 'Abmelden',
    'acct.title': 'Dein Konto', 'acct.why': 'Freiwillig: Ein Konto bewahrt deine Schlachten auf jedem Gerät und gibt dir eine Wertung.',
    'acct.name': 'Name', 'acct.password': 'Passwort (mindestens 8 Zeichen)', 'acct.as': '{name} · {rating}',
    'acct.welcome': 'Willkommen, {name}', 'acct.games': 'Deine Schlachten (Konto)', 'acct.over': 'beendet', 'acct.live': 'läuft',
    'err.name_taken': 'Dieser Name ist vergeben.', 'err.bad_credentials': 'Falscher Name oder falsches Passwort.', 'err.too_many_attempts': 'Zu viele Versuche: {message}',
    'online.local': 'Diese Links führen nur zu diesem Rechner ({host}): Ein Freund anderswo kann sie nicht öffnen. Starte den Server mit --addr :8044 und teile deine Netzwerkadresse, oder gib ihm --public-url (README: „Play with friends over the internet“).',
    'online.spectate': 'Link für Zuschauer',
  },
  cs: {
    'ev.timeout': '{side} vyčerpali svůj čas',
    'acct.signin': 'Přihlásit se', 'acct.signup': 'Založit účet', 'acct.signout': 'Odhlásit se',
    'acct.title': 'Váš účet', 'acct.why': 'Nepovinné: účet uchová vaše bitvy na každém zařízení a dá vám hodnocení.',
    'acct.name': 'Jméno', 'acct.password': 'Heslo (nejméně 8 znaků)', 'acct.as': '{name} · {rating}',
    'acct.welcome': 'Vítejte, {name}', 'acct.games': 'Vaše bitvy (účet)', 'acct.over': 'skončená', 'acct.live': 'probíhá',
    'err.name_taken': 'Toto jméno je obsazené.', 'err.bad_credentials': 'Špatné jméno nebo heslo.', 'err.too_many_attempts': 'Příliš mnoho pokusů: {message}',
    'online.local': 'Tyto odkazy vedou jen na tento počítač ({host}): přítel jinde je neotevře. Spusťte server s --addr :8044 a sdílejte svou síťovou adresu, nebo mu zadejte --public-url (README: „Play with friends over the internet“).',
    'online.spectate': 'Odkaz pro diváky',
  },
};
