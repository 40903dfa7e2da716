/** Prenota's waitlist: joining it, her entries in 'Le mie prenotazioni', and the live notice of a freed slot. */
export const waitlistTexts = {
  join: 'Avvisami se si libera un posto',
  joinTitle: 'Avvisami se si libera un posto',
  joinDescription:
    '{treatment}: ti avvisiamo appena si libera un posto nei giorni e nella parte del giorno scelti.',
  fromDay: 'Dal',
  toDay: 'Al',
  period: 'Parte del giorno',
  periods: { Mattina: 'Mattina', Pomeriggio: 'Pomeriggio', Sera: 'Sera' },
  submit: "Entra in lista d'attesa",
  submitting: 'Invio in corso...',
  joined: "Sei in lista d'attesa",
  /** By the channels her salon will use besides the app (api.join_waitlist's answer). */
  joinedHelp: {
    app: 'Ti avvisiamo qui appena si libera un posto.',
    email: 'Ti avvisiamo qui e per e-mail appena si libera un posto.',
    push: 'Ti avvisiamo qui e sul telefono appena si libera un posto.',
    both: 'Ti avvisiamo qui, per e-mail e sul telefono appena si libera un posto.',
  },
  listTitle: "Lista d'attesa",
  entry: '{treatment} · {operator}',
  entryWhen: '{period}, dal {from} al {to}',
  leave: "Esci dalla lista d'attesa",
  leaveLabel: "Esci dalla lista d'attesa per {treatment}",
  offer: 'Si è liberato un posto: {treatment} {day} {time}',
  offerHelp: 'Il posto va a chi prenota per primo.',
  book: 'Prenota',
  bookLabel: 'Prenota {treatment} {day} alle {time}',
  error: 'Errore: {message}',
} as const;
