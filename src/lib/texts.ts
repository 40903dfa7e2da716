import { beforeWord } from '@/lib/italian';

/**
 * Every user-facing string of the app, in Italian. Where the spec (§2, §5, §8) gives a text it is
 * copied here verbatim; `{name}` placeholders are filled with `fill()`.
 */
export const texts = {
  app: {
    name: 'Passaparola',
    loading: 'Caricamento...',
    offline: 'Sei offline: controlla la connessione. I dati si aggiornano appena torni in linea.',
    updateReady: 'Nuova versione disponibile',
    reload: 'Aggiorna',
    retry: 'Riprova',
    loadError: 'Impossibile caricare i dati: {message}',
    offlineRetry: 'Questa pagina ha bisogno della rete. Riprova quando sei di nuovo in linea.',
    offlineWaiting: 'Sei offline: questa pagina sarà disponibile quando torna la connessione.',
    checkFailed: 'Non riusciamo a verificare il tuo accesso. Riprova tra qualche istante.',
  },
  phoneNotifications: {
    label: 'Notifiche sul telefono',
    hint: 'Su questo dispositivo, anche con l’app chiusa.',
    unsupported:
      'Questo browser non riceve notifiche: installa l’app sulla schermata Home (su iPhone da Safari, “Aggiungi a Home”) e riprova da lì.',
    blocked: 'Le notifiche sono bloccate per questo sito: consentile nelle impostazioni del browser.',
    failed: 'Il browser non ha attivato le notifiche: riprova tra qualche istante.',
  },
  toast: {
    close: 'Chiudi',
    notifications: 'Notifiche',
  },
  photo: {
    unreadable: 'la foto non si può leggere: scegli un’immagine JPEG, PNG o WebP',
  },
  fields: {
    email: 'Email',
    password: 'Password',
    newPassword: 'Nuova password',
    showPassword: 'Mostra password',
    hidePassword: 'Nascondi password',
    name: 'Nome',
    phone: 'Telefono',
    phoneOptional: 'Telefono (facoltativo)',
    sponsorCode: 'Codice amico (facoltativo)',
    sponsorCodeHint: 'Il codice cliente di chi ti ha invitato.',
  },
  validation: {
    nameRequired: 'Inserisci il nome',
    emailRequired: 'Inserisci un indirizzo email valido',
    passwordRequired: 'Inserisci la password',
    passwordTooShort: 'La password deve avere almeno {min} caratteri',
    passwordTooLong: 'La password può contenere al massimo {max} caratteri',
    phoneInvalid: 'Inserisci un numero di telefono valido',
    nameTooLong: 'Il nome può contenere al massimo {max} caratteri',
    phoneTooLong: 'Il telefono può contenere al massimo {max} caratteri',
    emailTooLong: "L'email può contenere al massimo {max} caratteri",
    websiteTooLong: 'Il sito web può contenere al massimo {max} caratteri',
    descriptionTooLong: 'La descrizione può contenere al massimo {max} caratteri',
    noteTooLong: 'La nota può contenere al massimo {max} caratteri',
    addressTooLong: "L'indirizzo può contenere al massimo {max} caratteri",
    spendTooHigh: "L'importo di spesa non può superare € 100.000,00",
    priceOutOfRange: 'Il prezzo deve essere compreso tra € 0,00 e € 10.000,00',
    durationOutOfRange: 'La durata deve essere compresa tra {min} e {max} minuti',
    privacyRequired: "Per registrarti devi accettare l'informativa sulla privacy",
  },
  login: {
    merchantTitle: 'Accesso commercianti',
    merchantSubtitle: 'Entra nella gestione del tuo centro.',
    adminTitle: 'Accedi',
    adminSubtitle: 'Area riservata a commercianti e amministratori.',
    clientTitle: 'Accedi',
    clientSubtitle: 'Entra nella tua area clienti di {merchant}.',
    submit: 'Accedi',
    submitting: 'Accesso in corso...',
    forgotPassword: 'Password dimenticata?',
    noAccount: 'Non hai un account?',
    register: 'Registrati',
    error: 'Errore login: {message}',
    notMerchant: 'Accesso negato: questo account non è un commerciante',
    notClient: 'Accesso negato: questo account non è un cliente.',
    or: 'oppure',
    magicLinkHint: 'Ti inviamo un link di accesso via email.',
    magicLinkSubmit: 'Inviami il link di accesso',
    magicLinkSent: 'Ti abbiamo inviato un link di accesso: controlla la tua email.',
    signingIn: 'Accesso in corso...',
    joinOffer: 'Non sei ancora cliente di {merchant}: vuoi unirti?',
    joinOfferLead: 'Con lo stesso account avrai un nuovo codice cliente e un credito tutto tuo anche qui.',
    joinOfferSubmit: 'Unisciti a {merchant}',
    joinOfferSubmitting: 'Iscrizione in corso...',
    joinOfferCancel: 'Annulla',
    joinOfferPrivacy: 'Unendoti accetti l’informativa sulla privacy del salone.',
    joined: 'Ora sei cliente di {merchant}! Il tuo codice cliente è {code}.',
  },
  registration: {
    title: 'Registrati',
    subtitle:
      'Unisciti al programma fedeltà di {merchant}: ogni acquisto tuo e dei tuoi amici ti fa guadagnare credito.',
    logoAlt: 'Logo di {merchant}',
    submit: 'Registrati',
    submitting: 'Registrazione in corso...',
    success: 'Registrazione completata! Il tuo codice cliente è {code}.',
    redirecting: 'Tra qualche secondo entri nella tua area clienti.',
    error: 'Errore registrazione: {message}',
    haveAccount: 'Hai già un account?',
    login: 'Accedi',
    existingTitle: 'Hai già un account',
    existingLead:
      "L'email {email} è già registrata. Inserisci la password del tuo account per unirti a questo salone con lo stesso account: qui avrai un nuovo codice cliente.",
    existingPassword: 'Password del tuo account',
    existingSubmit: 'Accedi e unisciti',
    existingSubmitting: 'Accesso in corso...',
    otherEmail: "Usa un'altra email",
    joinAsTitle: 'Hai già un account: unisciti a {merchant}',
    joinAsLead:
      'Sei entrata come {email}. Con lo stesso account, senza password, avrai qui un nuovo codice cliente e un credito tutto tuo.',
    joinAsSubmit: 'Unisciti a {merchant}',
    joinAsSubmitting: 'Iscrizione in corso...',
    joinAsOther: 'Registrati con un altro account',
    joined: 'Ora sei cliente di {merchant}! Il tuo codice cliente è {code}.',
    invitedBy: 'Ti ha invitato {name}',
    doneTitle: 'Registrazione completata',
    privacyLabel: "Ho letto l'informativa sulla privacy e accetto il trattamento dei miei dati",
    privacyLink: 'Leggi l’informativa sulla privacy',
    marketingLabel: 'Voglio ricevere offerte e novità del salone (facoltativo)',
  },
  resetPassword: {
    title: 'Recupera password',
    subtitle: 'Inserisci la tua email: ti invieremo le istruzioni per scegliere una nuova password.',
    submit: 'Invia istruzioni',
    submitting: 'Invio in corso...',
    sent: 'Ti abbiamo inviato le istruzioni per reimpostare la password. Controlla la tua email.',
    error: 'Errore: {message}',
    backToLogin: 'Torna al login',
  },
  action: {
    title: 'Gestione account',
    resetTitle: 'Nuova password',
    resetSubtitle: 'Scegli una nuova password per {email}.',
    account: 'Account',
    resetSubmit: 'Salva password',
    resetSubmitting: 'Salvataggio...',
    verifyTitle: 'Verifica email',
    verifying: 'Verifica in corso...',
    signInTitle: 'Accesso',
    invalidLink: 'Link non valido o scaduto.',
    invalidVerifyLink: 'Link verifica non valido.',
    emailVerified: 'Email verificata!',
    passwordUpdated: 'Password aggiornata, effettua il login.',
    error: 'Errore: {message}',
    unsupported: 'Operazione non supportata.',
    goToLogin: 'Vai al login',
  },
  notFound: {
    title: 'Pagina non trovata',
    body: 'La pagina che cerchi non esiste o è stata spostata.',
    home: 'Torna alla home',
    unknownMerchant: 'Questo centro non è registrato su Passaparola.',
  },
  routeError: {
    newVersionTitle: 'Passaparola è stata aggiornata',
    newVersionBody:
      'Mentre l’app era aperta è uscita una nuova versione: ricarica la pagina per continuare da qui.',
    offlineTitle: 'Sei offline',
    offlineBody: 'Questa pagina non è ancora salvata sul dispositivo: ricarica quando sei di nuovo in linea.',
    title: 'Qualcosa non ha funzionato',
    body: 'Si è verificato un errore imprevisto. Ricarica la pagina; se il problema continua, torna alla home.',
    reload: 'Ricarica',
    home: 'Torna alla home',
  },
  home: {
    eyebrow: 'Fedeltà e prenotazioni per centri estetici',
    title: 'Passaparola',
    lead: 'Il programma fedeltà che trasforma le tue clienti in ambasciatrici: ogni acquisto fa guadagnare credito a chi compra e a chi l’ha presentata, fino alla terza generazione.',
    ctaLogin: 'Accedi',
    ctaLoginHint: 'Sei un centro estetico? Entra nella tua gestione.',
    finder: {
      title: 'Trova il tuo centro',
      lead: 'Sei una cliente? Entra nel programma fedeltà del tuo centro estetico.',
      lastSalon: 'L’ultimo centro che hai usato',
      enter: 'Entra in {merchant}',
      searchLabel: 'Nome del centro',
      searchHint: 'Scrivi almeno 2 lettere del nome.',
      searching: 'Ricerca in corso...',
      found: ['1 centro trovato', '{count} centri trovati'],
      none: 'Nessun centro trovato con questo nome.',
      failed: 'Ricerca non riuscita: {message}',
    },
    generationsTitle: 'Tre generazioni di credito',
    generations: ['Tu', 'Le amiche che presenti', 'Le loro amiche', 'E le amiche delle loro amiche'],
    featuresTitle: 'Come funziona',
    features: [
      {
        title: 'Credito a ogni acquisto',
        body: 'Registri la spesa al banco in pochi secondi: la cliente riceve subito credito da usare come sconto.',
      },
      {
        title: 'Il passaparola premia',
        body: 'Chi presenta un’amica guadagna una percentuale sui suoi acquisti, e così per tre generazioni.',
      },
      {
        title: 'Prenotazioni semplici',
        body: 'Le clienti scelgono trattamento, operatrice, giorno e orario; tu confermi con un tocco.',
      },
    ],
    installTitle: 'Sempre a portata di mano',
    installBody:
      'Passaparola si installa sul telefono come un’app: aprila dal link del tuo centro e aggiungila alla schermata Home.',
    footer: 'Passaparola · il programma fedeltà del tuo centro estetico',
  },
} as const;

/**
 * Fills `{name}` placeholders: fill('Il tuo codice è {code}.', { code: 'A00001' }). An 'a' or 'e' right
 * before a placeholder takes the euphonic d its value asks for: fill('Proponi a {client}', …) gives
 * 'Proponi ad Anna' and 'Proponi a Bea'.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template
    .replace(/(?<![\p{L}\p{N}’'])([ae]) \{(\w+)\}/giu, (match, particle: string, key: string) =>
      key in values ? `${beforeWord(particle, String(values[key]))} {${key}}` : match,
    )
    .replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}

/** Italian singular or plural by count: plural(1, ['{count} presentato', '{count} presentati']). */
export function plural(
  count: number,
  [one, other]: readonly [string, string],
  shown: string = String(count),
): string {
  return fill(count === 1 ? one : other, { count: shown });
}

/** Toast durations of spec §9. */
export const toastDuration = {
  /** Purchase, profile, customer booking. */
  short: 4000,
  /** Merchant reservations, percentages, settings. */
  long: 7000,
} as const;
