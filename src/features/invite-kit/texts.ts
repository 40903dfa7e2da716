import { areaTexts } from '@/lib/area-texts';

/** The salon's invitation kit: the catalogue's 'Invita clienti' entry plus the screen's own texts. */
export const inviteKitTexts = {
  ...areaTexts.dashboard.invita,
  lead: 'Il link, il codice QR e il poster con cui i tuoi clienti si registrano a {merchant}.',
  loadError: 'Impossibile caricare i dati del salone: {message}',
  linkTitle: 'Il link del salone',
  linkHint: 'Chi lo apre si registra al tuo programma fedeltà.',
  copy: 'Copia link',
  copied: 'Link copiato!',
  copyFailed: 'Impossibile copiare il link: selezionalo e copialo a mano.',
  whatsapp: 'Condividi su WhatsApp',
  whatsappHint: '(si apre in una nuova scheda)',
  shareText:
    'Iscriviti al programma fedeltà di {merchant}: ogni acquisto tuo e dei tuoi amici ti fa guadagnare credito. {link}',
  qrTitle: 'Codice QR',
  qrAlt: 'Codice QR del link di {merchant}',
  qrHint: 'Da mettere sul sito, sui social o sui biglietti da visita.',
  downloadSvg: 'Scarica SVG',
  downloadPng: 'Scarica PNG',
  downloaded: 'Codice QR scaricato',
  downloadFailed: 'Impossibile creare il file: riprova.',
  posterTitle: 'Poster da stampare',
  posterHint:
    'Da appendere in salone o alla cassa. Scegli il formato, poi stampa: esce il solo poster, su un foglio.',
  posterFormat: 'Formato del foglio',
  print: 'Stampa il poster',
  posterHeadline: 'Entra nel programma fedeltà',
  posterCredit:
    'Registrati gratis: ogni tuo acquisto e quelli degli amici che inviti ti fanno guadagnare credito da spendere qui.',
  posterScan: 'Inquadra il codice con la fotocamera',
  logoAlt: 'Logo di {merchant}',
} as const;
