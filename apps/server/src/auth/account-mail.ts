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
