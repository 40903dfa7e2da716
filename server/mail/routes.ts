import type { FastifyInstance } from 'fastify';
import type { Mailbox, StoredMessage } from './mailbox.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const when = (iso: string) =>
  new Intl.DateTimeFormat('it-IT', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/Rome',
  }).format(new Date(iso));

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; color: #2d2327; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #eadfe3; }
  a { color: #9b3d62; }
  iframe { width: 100%; min-height: 28rem; border: 1px solid #eadfe3; }
  pre { white-space: pre-wrap; background: #faf6f7; padding: 1rem; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

function listPage(messages: StoredMessage[]): string {
  const rows = messages
    .map(
      (message) => `<tr>
  <td>${escape(when(message.Created))}</td>
  <td>${escape(message.To.map((to) => to.Address).join(', '))}</td>
  <td><a href="/view/${encodeURIComponent(message.ID)}">${escape(message.Subject || '(senza oggetto)')}</a></td>
</tr>`,
    )
    .join('\n');
  const content = messages.length
    ? `<table>
<thead><tr><th scope="col">Ricevuto</th><th scope="col">Destinatario</th><th scope="col">Oggetto</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
    : '<p>Nessun messaggio.</p>';
  return page(
    'Posta in arrivo',
    `<h1>Posta in arrivo</h1>
<p>Le e-mail inviate da Passaparola quando non è configurato un server SMTP.</p>
${content}`,
  );
}

function attachmentList(message: StoredMessage): string {
  if (message.Attachments.length === 0) return '';
  const links = message.Attachments.map(
    (attachment) =>
      `<a href="/api/v1/message/${encodeURIComponent(message.ID)}/part/${encodeURIComponent(attachment.PartID)}">${escape(attachment.FileName)}</a>`,
  );
  return `  <dt>Allegati</dt><dd>${links.join(', ')}</dd>\n`;
}

function detailPage(message: StoredMessage): string {
  return page(
    message.Subject,
    `<p><a href="/">← Posta in arrivo</a></p>
<h1>${escape(message.Subject || '(senza oggetto)')}</h1>
<dl>
  <dt>Da</dt><dd>${escape(`${message.From.Name} <${message.From.Address}>`)}</dd>
  <dt>A</dt><dd>${escape(message.To.map((to) => to.Address).join(', '))}</dd>
  <dt>Ricevuto</dt><dd>${escape(when(message.Created))}</dd>
${attachmentList(message)}</dl>
<h2>Versione HTML</h2>
<iframe title="Versione HTML del messaggio" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escape(message.HTML)}"></iframe>
<h2>Versione testo</h2>
<pre>${escape(message.Text)}</pre>`,
  );
}

const summary = (message: StoredMessage) => ({
  ID: message.ID,
  From: message.From,
  To: message.To,
  Subject: message.Subject,
  Created: message.Created,
  Snippet: message.Text.slice(0, 250),
});

/** The local mailbox: pages for a person at / and /view/:id, and Mailpit's API for programs. */
const messageParams = {
  type: 'object',
  properties: { id: { type: 'string' } },
  required: ['id'],
};
const partParams = {
  type: 'object',
  properties: { id: { type: 'string' }, part: { type: 'string' } },
  required: ['id', 'part'],
};

export async function mailRoutes(app: FastifyInstance, mailbox: Mailbox) {
  app.get('/', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(listPage(mailbox.list())),
  );

  app.get<{ Params: { id: string } }>(
    '/view/:id',
    { schema: { params: messageParams } },
    async (request, reply) => {
      const message = mailbox.get(request.params.id);
      if (!message)
        return reply
          .code(404)
          .type('text/html; charset=utf-8')
          .send(page('Non trovato', '<h1>Messaggio non trovato</h1>'));
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(detailPage(message));
    },
  );

  app.get('/api/v1/messages', async () => {
    const messages = mailbox.list();
    return { total: messages.length, count: messages.length, start: 0, messages: messages.map(summary) };
  });

  app.delete('/api/v1/messages', async () => {
    mailbox.clear();
    return 'ok';
  });

  app.get<{ Params: { id: string } }>(
    '/api/v1/message/:id',
    { schema: { params: messageParams } },
    async (request, reply) => {
      const message = mailbox.get(request.params.id);
      if (!message) return reply.code(404).type('text/plain').send('message not found');
      return {
        ...message,
        Attachments: message.Attachments.map(({ Content: _content, ...attachment }) => attachment),
      };
    },
  );

  app.get<{ Params: { id: string; part: string } }>(
    '/api/v1/message/:id/part/:part',
    { schema: { params: partParams } },
    async (request, reply) => {
      const attachment = mailbox
        .get(request.params.id)
        ?.Attachments.find((candidate) => candidate.PartID === request.params.part);
      if (!attachment) return reply.code(404).type('text/plain').send('attachment not found');
      return reply
        .type(attachment.ContentType)
        .header(
          'content-disposition',
          `attachment; filename="${attachment.FileName.replace(/["\\\r\n]/g, '_')}"`,
        )
        .send(attachment.Content);
    },
  );
}
