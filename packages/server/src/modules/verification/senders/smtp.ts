/** Email codes over SMTP with the tenant's server settings, through nodemailer. */
import nodemailer, { type Transporter } from 'nodemailer';
import { SendError, type OutgoingMessage, type Sender, type SmtpSettings } from './types.ts';

export class SmtpSender implements Sender {
  private readonly transport: Transporter;

  constructor(private readonly settings: SmtpSettings) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure ?? settings.port === 465,
      auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 10_000,
    });
  }

  async send(m: OutgoingMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.settings.from,
        to: m.recipient,
        subject: m.subject,
        text: m.text,
      });
    } catch (err) {
      const e = err as { message?: string; responseCode?: number; code?: string };
      throw new SendError(e.message ?? 'SMTP failure', 'smtp', String(e.responseCode ?? e.code ?? ''));
    } finally {
      this.transport.close();
    }
  }
}
