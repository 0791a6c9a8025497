/**
 * Mails about a person's account written in the person's language (the web's five): the
 * invitation with its link, and the notice that an administrator approved the account.
 */
import {
  INVITATION_LANGS,
  INVITATION_TTL_DAYS,
  type InvitationLang,
} from '@bo/contract/invitations';

export type MailLang = InvitationLang;

/** A stored or asked-for language, or English. */
export const mailLang = (value: string | null | undefined): MailLang =>
  (INVITATION_LANGS as readonly string[]).includes(value ?? '') ? (value as MailLang) : 'en';

/** The first of the web's languages an Accept-Language header names (`zh` is `cn`), or null. */
export function langFromHeader(header: string | undefined): MailLang | null {
  for (const part of (header ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase().split('-')[0]!;
    const lang = tag === 'zh' ? 'cn' : tag;
    if ((INVITATION_LANGS as readonly string[]).includes(lang)) return lang as MailLang;
  }
  return null;
}

interface InvitationMailFacts {
  link: string;
  role: string;
  invitedBy: string | null;
}

const INVITATION: Record<MailLang, (f: InvitationMailFacts) => { subject: string; text: string }> =
  {
    en: (f) => ({
      subject: 'You are invited to the back office',
      text: [
        `${f.invitedBy ?? 'An administrator'} invited you to the back office with the role "${f.role}".`,
        '',
        'Open this link to choose your password and sign in:',
        f.link,
        '',
        `The link works once and expires in ${INVITATION_TTL_DAYS} days. If you did not expect this invitation, ignore this message.`,
      ].join('\n'),
    }),
    fr: (f) => ({
      subject: 'Vous êtes invité(e) sur le back-office',
      text: [
        `${f.invitedBy ?? 'Un administrateur'} vous a invité(e) sur le back-office avec le rôle « ${f.role} ».`,
        '',
        'Ouvrez ce lien pour choisir votre mot de passe et vous connecter :',
        f.link,
        '',
        `Le lien ne sert qu’une fois et expire dans ${INVITATION_TTL_DAYS} jours. Si vous n’attendiez pas cette invitation, ignorez ce message.`,
      ].join('\n'),
    }),
    vi: (f) => ({
      subject: 'Bạn được mời tham gia trang quản trị',
      text: [
        `${f.invitedBy ?? 'Một quản trị viên'} đã mời bạn tham gia trang quản trị với vai trò "${f.role}".`,
        '',
        'Mở liên kết này để chọn mật khẩu và đăng nhập:',
        f.link,
        '',
        `Liên kết chỉ dùng được một lần và hết hạn sau ${INVITATION_TTL_DAYS} ngày. Nếu bạn không chờ lời mời này, hãy bỏ qua thư này.`,
      ].join('\n'),
    }),
    cn: (f) => ({
      subject: '您受邀加入管理后台',
      text: [
        `${f.invitedBy ?? '一位管理员'}邀请您以"${f.role}"角色加入管理后台。`,
        '',
        '打开此链接设置密码并登录：',
        f.link,
        '',
        `该链接仅可使用一次，${INVITATION_TTL_DAYS} 天后失效。如果您没有预期收到此邀请，请忽略本邮件。`,
      ].join('\n'),
    }),
    ar: (f) => ({
      subject: 'أنت مدعو إلى لوحة الإدارة',
      text: [
        `دعاك ${f.invitedBy ?? 'أحد المسؤولين'} إلى لوحة الإدارة بدور "${f.role}".`,
        '',
        'افتح هذا الرابط لاختيار كلمة المرور وتسجيل الدخول:',
        f.link,
        '',
        `يعمل الرابط مرة واحدة وتنتهي صلاحيته بعد ${INVITATION_TTL_DAYS} أيام. إذا لم تكن تتوقع هذه الدعوة، فتجاهل هذه الرسالة.`,
      ].join('\n'),
    }),
  };

export const invitationMail = (lang: MailLang, facts: InvitationMailFacts) =>
  INVITATION[lang](facts);

const APPROVED: Record<
  MailLang,
  (name: string, link: string) => { subject: string; text: string }
> = {
  en: (name, link) => ({
    subject: 'Your account is approved',
    text: `Hello ${name},\n\nAn administrator approved your account. You can now use the back office:\n${link}`,
  }),
  fr: (name, link) => ({
    subject: 'Votre compte est approuvé',
    text: `Bonjour ${name},\n\nUn administrateur a approuvé votre compte. Vous pouvez maintenant utiliser le back-office :\n${link}`,
  }),
  vi: (name, link) => ({
    subject: 'Tài khoản của bạn đã được duyệt',
    text: `Xin chào ${name},\n\nMột quản trị viên đã duyệt tài khoản của bạn. Giờ bạn có thể dùng trang quản trị:\n${link}`,
  }),
  cn: (name, link) => ({
    subject: '您的账户已获批准',
    text: `${name}，您好：\n\n管理员已批准您的账户。您现在可以使用管理后台：\n${link}`,
  }),
  ar: (name, link) => ({
    subject: 'تمت الموافقة على حسابك',
    text: `مرحبًا ${name}،\n\nوافق أحد المسؤولين على حسابك. يمكنك الآن استخدام لوحة الإدارة:\n${link}`,
  }),
};

export const approvedMail = (lang: MailLang, name: string, link: string) =>
  APPROVED[lang](name, link);

/** The web's address for links in mail: PUBLIC_URL, else the address the request came to. */
export function webBase(
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}

interface BounceFacts {
  to: string;
  subject: string;
  attempts: number;
  error: string;
}

/** The delivery-failure notice a sender finds in their inbox when outside mail gave up. */
const BOUNCE: Record<
  MailLang,
  (f: BounceFacts) => { from: string; subject: string; text: string }
> = {
  en: (f) => ({
    from: 'Mail delivery',
    subject: `Not delivered: ${f.subject}`,
    text: `Your message "${f.subject}" to ${f.to} could not be delivered after ${f.attempts} attempts.\n\nThe receiving server's last answer:\n${f.error}\n\nYour message is in Sent; check the address and send it again.`,
  }),
  fr: (f) => ({
    from: 'Distribution du courrier',
    subject: `Non distribué : ${f.subject}`,
    text: `Votre message « ${f.subject} » à ${f.to} n’a pas pu être distribué après ${f.attempts} tentatives.\n\nDernière réponse du serveur destinataire :\n${f.error}\n\nVotre message est dans Envoyés ; vérifiez l’adresse et renvoyez-le.`,
  }),
  vi: (f) => ({
    from: 'Chuyển phát thư',
    subject: `Không gửi được: ${f.subject}`,
    text: `Thư "${f.subject}" của bạn gửi tới ${f.to} không gửi được sau ${f.attempts} lần thử.\n\nTrả lời cuối cùng của máy chủ nhận:\n${f.error}\n\nThư của bạn nằm trong mục Đã gửi; hãy kiểm tra địa chỉ và gửi lại.`,
  }),
  cn: (f) => ({
    from: '邮件投递',
    subject: `未送达：${f.subject}`,
    text: `您发往 ${f.to} 的邮件"${f.subject}"在尝试 ${f.attempts} 次后仍无法送达。\n\n接收服务器的最后答复：\n${f.error}\n\n您的邮件在"已发送"中；请检查地址后重新发送。`,
  }),
  ar: (f) => ({
    from: 'تسليم البريد',
    subject: `لم تُسلَّم: ${f.subject}`,
    text: `تعذّر تسليم رسالتك "${f.subject}" إلى ${f.to} بعد ${f.attempts} محاولات.\n\nآخر رد من الخادم المستقبِل:\n${f.error}\n\nرسالتك في المرسَلة؛ تحقّق من العنوان وأعد إرسالها.`,
  }),
};

export const bounceMail = (lang: MailLang, facts: BounceFacts) => BOUNCE[lang](facts);
