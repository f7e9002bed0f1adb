// Interface text of online play (issue 13) in the four languages: merged
// into the main dictionaries by online.js.
export default {
  en: {
    'online.local': 'These links point at this machine only ({host}): a friend elsewhere cannot open them. Start the server with --addr :8044 and share your network address, or give it --public-url (README: "Play with friends over the internet").',
    'online.spectate': 'Spectator link',
  },
  fr: {
    'online.local': "Ces liens ne mènent qu'à cette machine ({host}) : un ami ailleurs ne pourra pas les ouvrir. Lancez le serveur avec --addr :8044 et partagez votre adresse réseau, ou donnez-lui --public-url (README : « Play with friends over the internet »).",
    'online.spectate': 'Lien pour les spectateurs',
  },
  de: {
    'online.local': 'Diese Links führen nur zu diesem Rechner ({host}): Ein Freund anderswo kann sie nicht öffnen. Starte den Server mit --addr :8044 und teile deine Netzwerkadresse, oder gib ihm --public-url (README: „Play with friends over the internet“).',
    'online.spectate': 'Link für Zuschauer',
  },
  cs: {
    'online.local': 'Tyto odkazy vedou jen na tento počítač ({host}): přítel jinde je neotevře. Spusťte server s --addr :8044 a sdílejte svou síťovou adresu, nebo mu zadejte --public-url (README: „Play with friends over the internet“).',
    'online.spectate': 'Odkaz pro diváky',
  },
};
