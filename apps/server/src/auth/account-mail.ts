import type { Language } from '@windscope/contract';
import type { MailMessage } from '../mail/mailer.ts';

type LinkMail = { subject: string; body: (name: string, link: string) => string };

/** The e-mails that carry a link to an account's owner, in the owner's language. */
export const ACCOUNT_MAILS: Record<'passwordReset' | 'signInLink', Record<Language, LinkMail>> = {
  passwordReset: {
    tr: {
      subject: 'Windscope şifre sıfırlama',
      body: (name, link) =>
        `Merhaba ${name},\n\nŞifrenizi sıfırlamak için aşağıdaki bağlantıyı açın. Bağlantı 30 dakika geçerlidir ve yalnızca bir kez kullanılabilir.\n\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz.\n\nWindscope`,
    },
    en: {
      subject: 'Windscope password reset',
      body: (name, link) =>
        `Hello ${name},\n\nOpen the link below to reset your password. It is valid for 30 minutes and can be used once.\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail.\n\nWindscope`,
    },
  },
  signInLink: {
    tr: {
      subject: 'Windscope giriş bağlantısı',
      body: (name, link) =>
        `Merhaba ${name},\n\nWindscope'a şifresiz giriş yapmak için aşağıdaki bağlantıyı açın. Bağlantı 15 dakika geçerlidir ve yalnızca bir kez kullanılabilir.\n\n${link}\n\nBu isteği siz yapmadıysanız bu e-postayı yok sayabilirsiniz; biri hesabınıza giriş yapmayı deniyor olabilir, şifrenizi değiştirmeniz iyi olur.\n\nWindscope`,
    },
    en: {
      subject: 'Windscope sign-in link',
      body: (name, link) =>
        `Hello ${name},\n\nOpen the link below to sign in to Windscope without your password. It is valid for 15 minutes and can be used once.\n\n${link}\n\nIf you did not ask for this, you can ignore this e-mail; someone may be trying to sign in to your account, so changing your password is a good idea.\n\nWindscope`,
    },
  },
};

export function linkMail(kind: keyof typeof ACCOUNT_MAILS, lang: Language, to: string, name: string, link: string): MailMessage {
  const t = ACCOUNT_MAILS[kind][lang];
  return { to, subject: t.subject, text: t.body(name, link) };
}

/** A manager set this address on an account: the link confirms it (sent to the new address, in the account's language). */
const EMAIL_CHANGE_CONFIRM: Record<Language, LinkMail> = {
  tr: {
    subject: 'Windscope e-posta adresi onayı',
    body: (name, link) =>
      `Merhaba ${name},\n\nWindscope hesabınızın e-posta adresi bu adres olarak değiştirilmek istendi. Değişikliği onaylamak için aşağıdaki bağlantıyı açın. Bağlantı 24 saat geçerlidir ve yalnızca bir kez kullanılabilir; adres onaylanana kadar değişmez.\n\n${link}\n\nBu değişikliği beklemiyorsanız bu e-postayı yok sayabilirsiniz; hiçbir şey değişmez.\n\nWindscope`,
  },
  en: {
    subject: 'Confirm your Windscope e-mail address',
    body: (name, link) =>
      `Hello ${name},\n\nSomeone asked to change the e-mail address of your Windscope account to this address. Open the link below to confirm the change. It is valid for 24 hours and can be used once; the address does not change until it is confirmed.\n\n${link}\n\nIf you did not expect this, you can ignore this e-mail; nothing changes.\n\nWindscope`,
  },
};

/** The address already belongs to an account (or looks like one that does): its owner hears of the attempt, nothing else. */
const EMAIL_CHANGE_NOTICE: Record<Language, { subject: string; body: (name: string) => string }> = {
  tr: {
    subject: 'Windscope: e-posta adresiniz başka bir hesaba girilmek istendi',
    body: (name) =>
      `Merhaba ${name},\n\nBiri bu e-posta adresini (ya da ona çok benzeyen bir adresi) başka bir Windscope hesabına girmeye çalıştı. Hiçbir şey değişmedi; hesabınız olduğu gibi duruyor. Sizin yapmanız gereken bir şey yok.\n\nWindscope`,
  },
  en: {
    subject: 'Windscope: someone tried to use your e-mail address on another account',
    body: (name) =>
      `Hello ${name},\n\nSomeone tried to set this e-mail address (or one that looks very much like it) on another Windscope account. Nothing changed; your account is untouched. There is nothing you need to do.\n\nWindscope`,
  },
};

export function emailChangeConfirmMail(lang: Language, to: string, name: string, link: string): MailMessage {
  const t = EMAIL_CHANGE_CONFIRM[lang];
  return { to, subject: t.subject, text: t.body(name, link) };
}

export function emailChangeNoticeMail(lang: Language, to: string, name: string): MailMessage {
  const t = EMAIL_CHANGE_NOTICE[lang];
  return { to, subject: t.subject, text: t.body(name) };
}
