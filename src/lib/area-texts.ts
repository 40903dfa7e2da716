/**
 * The signed-in areas' own strings (navigation, screen names, offline page), in Italian. Apart from
 * src/lib/texts.ts so that the public pages, which import that, do not download them.
 */
export const areaTexts = {
  nav: {
    main: 'Navigazione principale',
    signOut: 'Esci',
    more: 'Altro',
    pending: [', {count} da confermare', ', {count} da confermare'],
  },
  client: {
    areaName: 'Area clienti',
    offline: {
      title: 'Sei offline',
      notice: 'Dati non aggiornati: li hai letti l’ultima volta il {date} alle {time}.',
      credit: 'Credito disponibile',
      nextAppointment: 'Prossimo appuntamento',
      noAppointment: 'Nessun appuntamento in programma.',
      notRead: 'Non ancora letto su questo dispositivo.',
      when: '{date} alle {time}',
      withOperator: 'con {operator}',
    },
    salon: {
      current: 'Il tuo salone',
      switchLabel: 'Cambia salone',
    },
    profile: { label: 'Anagrafica', title: 'Anagrafica' },
    acquisti: { label: 'Acquisti', title: 'Acquisti', empty: 'Nessun acquisto effettuato.' },
    presenta: { label: 'Presenta', title: 'Presenta un amico' },
    crediti: { label: 'Crediti', title: 'Crediti' },
    struttura: { label: 'Struttura', title: 'Struttura', empty: 'Non hai ancora presentato nessun amico.' },
    prenota: {
      label: 'Prenota',
      title: 'Prenota',
      myReservations: 'Le mie prenotazioni',
      treatments: 'Trattamenti disponibili',
      emptyReservations: 'Nessuna prenotazione.',
      emptyTreatments: 'Nessun trattamento disponibile.',
    },
  },
  dashboard: {
    areaName: 'Gestione centro',
    registrazioni: { label: 'Registrazioni', title: 'Registrazioni', empty: 'Nessun cliente registrato.' },
    movimenti: { label: 'Movimenti', title: 'Storico Movimenti', empty: 'Nessun movimento da mostrare.' },
    clienti: { label: 'Clienti', title: 'Elenco Clienti', empty: 'Nessun cliente registrato.' },
    prenotazioni: { label: 'Prenotazioni', title: 'Prenotazioni', empty: 'Nessuna prenotazione ricevuta.' },
    agenda: { label: 'Agenda', title: 'Agenda', empty: 'Nessun appuntamento confermato.' },
    percentuali: { label: 'Percentuali', title: 'Percentuali' },
    statistiche: { label: 'Statistiche', title: 'Statistiche' },
    struttura: {
      label: 'Struttura',
      title: 'Struttura',
      open: 'Apri Struttura',
      empty: 'Nessun cliente registrato.',
    },
    impostazioni: {
      label: 'Impostazioni',
      title: 'Impostazioni',
      emptyOperators: 'Nessun operatore registrato.',
      emptyTreatments: 'Nessun trattamento registrato.',
    },
    invita: { label: 'Invita clienti', title: 'Invita clienti' },
  },
  admin: {
    areaName: 'Amministrazione',
    merchants: {
      label: 'Commercianti',
      title: 'Gestione Commercianti',
      list: 'Elenco Commercianti',
      empty: 'Nessun commerciante registrato',
    },
    riepilogo: { label: 'Riepilogo', title: 'Riepilogo Campagne', empty: 'Nessun commerciante registrato' },
    albero: {
      label: 'Struttura',
      title: 'Struttura',
      allClients: 'Tutti i clienti',
      merchant: 'Commerciante',
      chooseMerchant: 'Seleziona commerciante',
    },
  },
  placeholder: 'Questa sezione è in arrivo.',
} as const;
