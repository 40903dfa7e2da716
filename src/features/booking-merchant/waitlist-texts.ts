/** The Agenda's waitlist of the day shown. */
export const merchantWaitlistTexts = {
  title: "Lista d'attesa del giorno",
  lead: 'Clienti che aspettano un posto libero: li avvisiamo noi appena se ne libera uno.',
  entry: '{treatment} · {operator}',
} as const;
