/** The e-mails about an account, in the company's name (its name, phone and e-mail sign them). */

export interface MailCompany {
  name: string;
  shortName: string;
  phone: string | null;
  email: string | null;
}

export interface AccountMail {
  subject: string;
  body: string;
}

function signature(company: MailCompany): string {
  const contact = [company.phone, company.email].filter(Boolean).join(' · ');
  return contact ? `${company.name}\n${contact}` : company.name;
}

export function passwordResetMail(
  company: MailCompany,
  person: { fullName: string; email: string },
  link: string,
  minutes: number,
): AccountMail {
  return {
    subject: `${company.name}: choose a new password`,
    body: [
      `Hello ${person.fullName},`,
      '',
      `someone asked to reset the password of your ${company.name} account (${person.email}).`,
      `Choose a new password here. The link works once, for ${minutes} minutes:`,
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
      '',
      signature(company),
    ].join('\n'),
  };
}

export function signUpConfirmMail(
  company: MailCompany,
  person: { firstName: string; email: string },
  link: string,
  hours: number,
): AccountMail {
  return {
    subject: `${company.name}: confirm your e-mail address`,
    body: [
      `Hello ${person.firstName},`,
      '',
      `thank you for signing up with ${company.name}. Confirm your e-mail address (${person.email}) to open your account.`,
      `The link works once, for ${hours} hours:`,
      '',
      link,
      '',
      'If you did not sign up, ignore this e-mail: no account is made without it.',
      '',
      signature(company),
    ].join('\n'),
  };
}

/** A sign-up with an address that has an account already: the owner hears of it, the form does not say. */
export function signUpExistsMail(
  company: MailCompany,
  email: string,
  links: { signIn: string; forgot: string },
): AccountMail {
  return {
    subject: `${company.name}: you already have an account`,
    body: [
      'Hello,',
      '',
      `someone tried to sign up with ${company.name} using this e-mail address (${email}), which already has an account.`,
      `Sign in here: ${links.signIn}`,
      `Forgotten your password? Choose a new one here: ${links.forgot}`,
      '',
      'If it was not you, ignore this e-mail: nothing has changed.',
      '',
      signature(company),
    ].join('\n'),
  };
}
