/** The privacy notice a salon gives its customers (GDPR art. 13), in Italian. */
export const privacyTexts = {
  title: 'Informativa sulla privacy',
  version: 'Versione {version}',
  back: 'Torna alla registrazione',
  sections: [
    {
      heading: 'Chi tratta i tuoi dati',
      body: 'Titolare del trattamento è {merchant}, che usa Passaparola per il suo programma fedeltà e le prenotazioni.',
    },
    {
      heading: 'Quali dati',
      body: 'Nome, email, telefono (se lo indichi), il tuo codice cliente e chi ti ha invitato, gli acquisti, il credito maturato e usato, le prenotazioni e le tue scelte sul consenso.',
    },
    {
      heading: 'Perché',
      body: 'Per gestire la tua partecipazione al programma fedeltà (credito tuo e di chi ti ha invitato) e le tue prenotazioni. Solo se lo accetti, anche per inviarti offerte e novità del salone: puoi cambiare idea in ogni momento da Anagrafica.',
    },
    {
      heading: 'Per quanto tempo',
      body: 'Finché resti cliente. Se elimini il tuo account, i tuoi dati personali vengono cancellati; restano, senza il tuo nome, gli importi che servono a mantenere corretto il credito degli altri clienti e la contabilità del salone.',
    },
    {
      heading: 'I tuoi diritti',
      body: 'Da Anagrafica puoi scaricare i tuoi dati, cambiare il consenso alle comunicazioni promozionali ed eliminare il tuo account. Per ogni altra richiesta (rettifica, limitazione, opposizione) rivolgiti al salone. Puoi proporre reclamo al Garante per la protezione dei dati personali.',
    },
  ],
} as const;
