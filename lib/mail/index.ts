// Outgoing mail (invitations, password resets) over SMTP with nodemailer: a school's own relay (tenants.smtp_config,
// `{ "url": "smtp://user:pass@host:587", "from": "School <office@school.org>" }`) when it has one, else the
// service's (SMTP_URL, SMTP_FROM). With neither, nothing is sent and the caller hands the link over instead.
import nodemailer from 'nodemailer';
import { z } from 'zod';
import { config } from '@/lib/config';
import { db } from '@/lib/db/client';
import { log } from '@/lib/log';

export interface MailRelay {
  url: string;
  from: string;
}

const tenantSmtp = z.object({ url: z.string().regex(/^smtps?:\/\//), from: z.string().min(3).max(320).optional() });

/** The relay mail of a tenant goes out through (null: none configured anywhere). */
export async function relayFor(tenantId: string | null | undefined): Promise<MailRelay | null> {
  const service = config().smtp ?? null;
  if (tenantId) {
    const t = await db().tenant.findUnique({ where: { id: tenantId }, select: { smtpConfig: true } });
    const parsed = tenantSmtp.safeParse(t?.smtpConfig);
    if (parsed.success) return { url: parsed.data.url, from: parsed.data.from ?? service?.from ?? `no-reply@${config().baseDomain}` };
  }
  return service;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends one mail; false when it could not be sent (the cause is logged; callers fall back to handing the link over). */
export async function sendMail(relay: MailRelay, mail: Mail): Promise<boolean> {
  try {
    const transport = nodemailer.createTransport(relay.url, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
    await transport.sendMail({ from: relay.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    transport.close();
    return true;
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'mail could not be sent');
    return false;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain mail with one link: paragraphs of text, then the link. */
export function linkMail(to: string, subject: string, paragraphs: string[], link: string, linkLabel: string): Mail {
  const text = [...paragraphs, '', `${linkLabel}: ${link}`].join('\n\n');
  const html = `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p style="color:#555;font-size:12px">${escapeHtml(link)}</p>`;
  return { to, subject, text, html };
}
