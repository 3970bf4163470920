import type { Mail } from './mailbox';

/** The password of every account the specs create (long, not on the common-password list). */
export const PASSWORD = 'Quiet-Harbor-Lantern-42';

let counter = 0;
/** A unique address per call, so specs never collide on the shared database (workers run at once). */
export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now().toString(36)}-${process.pid.toString(36)}-${counter++}@e2e.test`;

/** The mails the test SMTP server received for this address, oldest first. */
export const mailsTo = async (to: string): Promise<Mail[]> => {
  const res = await fetch(`${process.env.E2E_MAIL_URL}/?to=${encodeURIComponent(to)}`);
  return (await res.json()) as Mail[];
};

/** Waits for the newest mail to this address (optionally with a matching subject) and returns its link. */
export const mailedLink = async (to: string, subject?: RegExp, after = 0) => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mails = (await mailsTo(to)).slice(after);
    const mail = mails.filter((m) => !subject || subject.test(m.subject)).at(-1);
    const link = mail?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail with a link reached ${to}`);
};
