/**
 * Loopback stand-ins for the outside world, for the whole run: an SMTP server that captures
 * every mail into mailCaptureFile (journeys read sign-up codes from it), and an OpenID Connect
 * provider (oauth2-mock-server) that signs in as googleUser. The shop server is pointed at both
 * by serverEnv; it connects to them only when a journey sends mail or signs in with Google.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { OAuth2Server } from 'oauth2-mock-server';
import { SMTPServer } from 'smtp-server';
import { googleUser, mailCaptureFile, oidcIssuer, smtpPort } from './environment';

export default async function globalSetup(): Promise<() => Promise<void>> {
  writeFileSync(mailCaptureFile, '');
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const entry = {
            id: mail.messageId ?? `${Date.now()}`,
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            sentAt: (mail.date ?? new Date()).toISOString(),
          };
          appendFileSync(mailCaptureFile, `${JSON.stringify(entry)}\n`);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', resolve);
  });

  const oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  // Announce exactly the issuer the shop expects (the mock would say "localhost").
  oidc.issuer.url = oidcIssuer;
  await oidc.start(Number(new URL(oidcIssuer).port), '127.0.0.1');
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, googleUser));

  return async () => {
    await oidc.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
