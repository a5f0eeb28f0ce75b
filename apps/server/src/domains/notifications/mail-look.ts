import { existsSync } from 'node:fs';
import { serverPath } from '../../platform/paths';
import { companyPalette } from '@cabdesk/contract/colour';
import type { schemas } from '@cabdesk/contract';

type CompanyLook = schemas.CompanyLook;

const brandingDir = `${serverPath('assets', 'branding')}/`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface MailLook {
  html: string;
  /** The company logo as an inline attachment the HTML shows (cid:logo), when it is one of ours. */
  attachments: { filename: string; path: string; cid: string }[];
}

/** The logo's file when it is one of the branding images the server ships (`/branding/<brand>/<file>`). */
function logoFile(logoUrl: string | null): string | null {
  const match = logoUrl ? /^\/branding\/([\w-]+\/[\w.-]+\.(?:svg|png))$/.exec(logoUrl) : null;
  if (!match) return null;
  const file = brandingDir + match[1];
  return existsSync(file) ? file : null;
}

/**
 * A company's mail: its colour as the top band with its logo and name (text on it at 4.5:1 or
 * more), the message's paragraphs, and its footer. The plain text goes along unchanged.
 */
export function companyMail(look: CompanyLook, logoUrl: string | null, subject: string, text: string): MailLook {
  const palette = companyPalette(look.primaryColor);
  const logo = logoFile(logoUrl);
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 16px">${escape(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body style="margin:0;background:#f1f3f5;font-family:Arial,Helvetica,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="background:${palette.filled};color:${palette.onFilled};padding:20px 24px;border-radius:8px 8px 0 0">
${logo ? `<img src="cid:logo" alt="${escape(look.name)}" height="48" style="display:block;margin-bottom:8px">` : ''}
<strong style="font-size:18px">${escape(look.name)}</strong></td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${paragraphs}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #dee2e6;font-size:12px;color:#495057">${escape(look.footer)}</td></tr>
</table></td></tr></table></body></html>`;
  return { html, attachments: logo ? [{ filename: logo.split('/').pop()!, path: logo, cid: 'logo' }] : [] };
}
