// The mailer's SMTP branch against a tiny SMTP listener on 127.0.0.1 (no package needed): a message
// is really delivered through SMTP_URL and recorded as sent; an unreachable server is recorded as
// failed without the caller seeing an error.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailer } from '../src/lib/mailer.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough SMTP (RFC 5321) for nodemailer: EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT. */
function startSmtpListener(): Promise<{ port: number; received: ReceivedMail[]; close: () => Promise<void> }> {
  const received: ReceivedMail[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 prueba.local ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 Ok: queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-prueba.local\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 prueba.local');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 Ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 Ok');
        else if (verb === 'QUIT') {
          reply('221 2.0.0 Bye');
          socket.end();
          return;
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      resolve({
        port,
        received,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}

/** A port nothing listens on: bind an ephemeral one, then release it. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.listen(0, '127.0.0.1', () => {
      const port = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(port));
    });
  });
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  try {
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
  } catch {
    return bytes;
  }
}

let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpListener();
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, SMTP_FROM: 'Almendra <no-reply@almendra.test>' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const outboxRow = (id: string) => t.database.db.selectFrom('outbox_emails').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('Mailer over SMTP', () => {
  it('delivers the password-reset email through SMTP_URL and records it as sent', async () => {
    const { body } = await registerAndLogin(t);
    const before = smtp.received.length;
    const forgot = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email: body.email } });
    expect(forgot.statusCode).toBe(202);

    // The route answers after send() returns, and send() returns after the server accepted DATA.
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received[before]!;
    expect(mail.from).toBe('no-reply@almendra.test');
    expect(mail.to).toEqual([body.email]);
    // Headers with 'ñ' are MIME-encoded and the body quoted-printable: undo both before reading.
    const subjectHeader = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(mail.data)?.[1] ?? '';
    const subject = subjectHeader
      .replace(/\?=\s+=\?UTF-8\?Q\?/g, '')
      .replace(/^=\?UTF-8\?Q\?|\?=$/g, '')
      .replaceAll('_', ' ');
    // The account is Argentine (the default country), so the email speaks vos.
    expect(decodeQuotedPrintable(subject)).toBe('Almendra: restablecé tu contraseña');
    expect(decodeQuotedPrintable(mail.data)).toContain('http://almendra.test/pages/reset-password?token=');

    const row = await t.database.db
      .selectFrom('outbox_emails')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    expect(row.error).toBeNull();
    expect(row.sent_at).toBe(t.clock.now().toISOString());
  });

  it('sends attachments along with the message', async () => {
    const mailer = new Mailer(t.database.db, t.clock, t.app.log, `smtp://127.0.0.1:${smtp.port}`, 'Almendra <no-reply@almendra.test>');
    expect(mailer.mode).toBe('smtp');
    const before = smtp.received.length;
    const id = await mailer.send({
      to: 'paciente@correo.test',
      subject: 'Tu plan',
      text: 'Adjuntamos tu plan.',
      attachments: [{ filename: 'plan.txt', content: Buffer.from('desayuno: avena'), contentType: 'text/plain' }],
    });
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received[before]!.data).toContain('filename=plan.txt');
    expect((await outboxRow(id)).status).toBe('sent');
  });

  it('records an unreachable SMTP server as failed, with the error, without throwing', async () => {
    const port = await closedPort();
    const mailer = new Mailer(t.database.db, t.clock, t.app.log, `smtp://127.0.0.1:${port}`, 'Almendra <no-reply@almendra.test>');
    const id = await mailer.send({ to: 'nadie@correo.test', subject: 'Prueba', text: 'Hola' });
    const row = await outboxRow(id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/ECONNREFUSED/);
    expect(row.sent_at).toBeNull();
  });

  it('without SMTP_URL writes the message to the log and records it as logged', async () => {
    const mailer = new Mailer(t.database.db, t.clock, t.app.log, undefined, 'Almendra <no-reply@almendra.test>');
    expect(mailer.mode).toBe('log');
    const id = await mailer.send({ to: 'registro@correo.test', subject: 'Prueba', text: 'Hola' });
    expect((await outboxRow(id)).status).toBe('logged');
  });
});
