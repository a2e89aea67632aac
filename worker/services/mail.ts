// The one mail sender: plain-text mail through the `MAIL` send_email binding, from MAIL_FROM.
// Locally wrangler/miniflare writes each mail to a file and logs its path instead of sending it.
import type { Env } from '../env';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export async function sendMail(env: Pick<Env, 'MAIL' | 'MAIL_FROM'>, mail: OutgoingMail): Promise<void> {
  await env.MAIL.send({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
}
