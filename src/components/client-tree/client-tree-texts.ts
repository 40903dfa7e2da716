/** The Italian texts of the client tree, the same for the merchant's and the admin's Struttura. */
export const clientTreeTexts = {
  allClients: 'Tutti i clienti',
  legend: 'Legenda',
  count: ['{count} cliente', '{count} clienti'],
  help: 'Trascina per spostarti, usa la rotellina o due dita per lo zoom.',
  generations: ['Senza sponsor', '1ª generazione', '2ª generazione', '3ª generazione e oltre'],
  nodeLabel: '{name}, codice {code}, {generation}',
  childrenCount: ['{count} presentato', '{count} presentati'],
} as const;
