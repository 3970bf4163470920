import type { AdminEmailRequest, EmailType } from '@healthfolio/core';

/** HTML-escapes text typed by the admin, so a field can never become markup in the recipient's mail. */
const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

type Line = [label: string, value: string | undefined];

const SUBJECTS: Record<EmailType, string> = {
  medication_reminder: 'Medication reminder',
  health_alert: 'Health alert',
  weekly_summary: 'Your weekly Healthfolio summary',
  caregiver_alert: 'Caregiver alert',
  appointment_reminder: 'Appointment reminder',
};

const FOOTER = 'You got this email from the administrator of your Healthfolio instance.';

const render = (opts: {
  subject: string;
  greetingName?: string;
  intro: string;
  lines: Line[];
  link: { label: string; url: string };
}) => {
  const lines = opts.lines.filter((l): l is [string, string] => Boolean(l[1]));
  const hello = opts.greetingName ? `Hello ${opts.greetingName},` : 'Hello,';
  const text = [
    hello,
    '',
    opts.intro,
    ...(lines.length ? ['', ...lines.map(([k, v]) => `${k}: ${v}`)] : []),
    '',
    `${opts.link.label}: ${opts.link.url}`,
    '',
    FOOTER,
  ].join('\n');
  const rows = lines
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#475569">${esc(k)}</th><td style="padding:4px 0">${esc(v)}</td></tr>`,
    )
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(opts.subject)}</title></head>
<body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a;line-height:1.5;margin:0;padding:24px">
<main style="max-width:560px;margin:0 auto">
<h1 style="font-size:20px;margin:0 0 16px">${esc(opts.subject)}</h1>
<p>${esc(hello)}</p>
<p>${esc(opts.intro)}</p>
${rows ? `<table role="presentation" style="border-collapse:collapse;margin:16px 0">${rows}</table>` : ''}
<p><a href="${esc(opts.link.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${esc(opts.link.label)}</a></p>
<p style="color:#64748b;font-size:13px">${esc(FOOTER)}</p>
</main></body></html>`;
  return { subject: opts.subject, text, html };
};

/**
 * The admin console's five email types, each a readable HTML and plain-text message with the app's
 * address (the caregiver alert links to the dashboard). Every value is the admin's own input.
 */
export const adminEmail = (req: AdminEmailRequest, appUrl: string) => {
  const subject = SUBJECTS[req.type];
  const base = { subject, greetingName: req.recipientName || undefined };
  const app = { label: 'Open Healthfolio', url: appUrl };
  const mail = (() => {
    switch (req.type) {
      case 'medication_reminder':
        return render({
          ...base,
          intro: 'This is a reminder to take your medication.',
          lines: [
            ['Medication', req.data.medicationName],
            ['Dosage', req.data.dosage],
            ['Scheduled time', req.data.scheduledTime],
            ['Instructions', req.data.instructions],
          ],
          link: app,
        });
      case 'health_alert':
        return render({
          ...base,
          intro: `${req.data.title}: ${req.data.message}`,
          lines: [['Readings', req.data.readings]],
          link: app,
        });
      case 'weekly_summary':
        return render({
          ...base,
          intro:
            'Your weekly summary is ready. Sign in to see your trends, entries and achievements for the week.',
          lines: [],
          link: { label: 'See your week', url: `${appUrl}/dashboard/track-data` },
        });
      case 'caregiver_alert':
        return render({
          ...base,
          intro: `An update about ${req.data.patientName}: ${req.data.message}`,
          lines: [['Details', req.data.details]],
          link: { label: 'Open the dashboard', url: `${appUrl}/dashboard` },
        });
      case 'appointment_reminder':
        return render({
          ...base,
          intro: 'This is a reminder of your upcoming appointment.',
          lines: [
            ['Appointment', req.data.appointmentType],
            ['Date and time', req.data.dateTime],
            ['Doctor', req.data.doctorName],
            ['Location', req.data.location],
          ],
          link: { label: 'See your appointments', url: `${appUrl}/dashboard/appointments` },
        });
    }
  })();
  return { type: 'admin_email' as const, ...mail };
};
