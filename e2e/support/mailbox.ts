import { startSmtpCapture, subjectOf, textBody } from '../../server/test/smtp-capture';

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** The API tests' real SMTP server on loopback, with each message decoded for the specs. */
export const startMailbox = async () => {
  const smtp = await startSmtpCapture();
  return {
    url: smtp.url,
    messagesTo: (to: string): Mail[] =>
      smtp.messages
        .filter((m) => m.to.some((addr) => addr.toLowerCase() === to.toLowerCase()))
        .map((m) => ({ to: m.to, subject: subjectOf(m.raw) ?? '', text: textBody(m.raw) })),
    close: smtp.close,
  };
};
