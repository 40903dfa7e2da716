/** The salon's public page (/{merchantSlug}). */
export const salonPageTexts = {
  contacts: 'Contatti',
  mapLink: '{address} (apri nelle mappe)',
  phoneLink: 'Chiama {phone}',
  hours: 'Orari di apertura',
  weekdays: ['Lunedì', 'Martedì', 'Mercoledì', 'Giovedì', 'Venerdì', 'Sabato', 'Domenica'],
  closed: 'Chiuso',
  closures: 'Chiusure in programma',
  treatments: 'Trattamenti',
  search: 'Cerca un trattamento',
  noMatch: 'Nessun trattamento corrisponde alla ricerca.',
  noTreatments: 'Il salone non ha ancora pubblicato i suoi trattamenti.',
  duration: '{minutes} min',
  book: 'Prenota',
  bookLabel: 'Prenota {treatment}',
  operators: 'Il nostro staff',
  chosen: 'Hai scelto {treatment}: registrati o accedi, poi scegli operatore, giorno e ora.',
};
