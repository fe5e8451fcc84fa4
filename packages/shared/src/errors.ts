/**
 * The error-code catalogue. Every business failure the server answers carries one of these codes
 * and the message in the request's language. Codes are stable: clients and tests key on them.
 * Placeholders in braces ({field}, {minutes}) are filled by `formatMessage`.
 */
export type Lang = 'zh' | 'en';

export interface CatalogueEntry {
  zh: string;
  en: string;
  /** HTTP status: 200 for business failures, 4xx/5xx for protocol-level ones. */
  status: number;
}

export const ERRORS = {
  'COMMON.0400': { status: 400, zh: '请求参数不正确：{field}', en: 'Invalid request: {field}' },
  'COMMON.0401': { status: 400, zh: '{field}不能为空', en: '{field} cannot be empty' },
  'COMMON.0402': { status: 400, zh: '{field}过长', en: '{field} is too long' },
  'COMMON.0403': { status: 403, zh: '请求来源不被允许', en: 'The request origin is not allowed' },
  'COMMON.0404': { status: 404, zh: '404', en: '404' },
  'COMMON.0413': { status: 413, zh: '请求内容过大', en: 'The request is too large' },
  'COMMON.0415': { status: 415, zh: '不支持的请求格式', en: 'Unsupported request format' },
  'COMMON.0429': {
    status: 429,
    zh: '操作过于频繁，请稍后再试',
    en: 'The operation is too frequent. Please try again later',
  },
  'COMMON.0500': { status: 500, zh: '页面出错了，请稍后再试', en: 'Page in error, please try again later' },
  'TENANT.0001': {
    status: 404,
    zh: '企业不存在，请检查访问地址',
    en: 'This enterprise does not exist. Please check the address',
  },
  'TENANT.0002': {
    status: 403,
    zh: '该企业已停用，请联系管理员',
    en: 'This enterprise is disabled. Please contact the administrator',
  },
  'TENANT.0003': { status: 200, zh: '请输入正确的企业域名', en: 'Please enter a valid enterprise domain' },
  'TENANT.0004': { status: 200, zh: '未找到该企业域名', en: 'No enterprise uses this domain' },
  'AUTH.COMMON.0027': { status: 200, zh: '用户未登录', en: 'Not signed in' },
  'AUTH.COMMON.0028': {
    status: 200,
    zh: '登录已过期，请重新登录',
    en: 'Your session has expired. Please sign in again',
  },
  'AUTH.LOGIN.0001': { status: 200, zh: '用户名或密码错误', en: 'Incorrect username or password' },
  'AUTH.LOGIN.0002': {
    status: 200,
    zh: '登录失败次数过多，账号已锁定，请在 {minutes} 分钟后重试',
    en: 'Too many failed attempts. The account is locked; try again in {minutes} minutes',
  },
  'AUTH.LOGIN.0003': {
    status: 200,
    zh: '失败次数过多，请在 {seconds} 秒后重试',
    en: 'Too many failed attempts. Please try again in {seconds} seconds',
  },
  'AUTH.LOGIN.0004': {
    status: 200,
    zh: '账号已停用，请联系管理员',
    en: 'This account is disabled. Please contact the administrator',
  },
  'CRYPTO.0001': {
    status: 200,
    zh: '加密数据无法解析，请刷新页面后重试',
    en: 'The encrypted data could not be read. Refresh the page and try again',
  },
  'CRYPTO.0002': {
    status: 200,
    zh: '请求已过期，请刷新页面后重试',
    en: 'The request has expired. Refresh the page and try again',
  },
  'CRYPTO.0003': {
    status: 200,
    zh: '请求已被使用，请重新提交',
    en: 'This request was already used. Please submit again',
  },
  'AUTH.LOGIN.0010': {
    status: 200,
    zh: '该手机号或邮箱尚未注册，是否立即注册？',
    en: 'This phone number or email is not registered. Would you like to register?',
  },
  'AUTH.LOGIN.0011': {
    status: 200,
    zh: '该手机号或邮箱尚未注册，请联系管理员',
    en: 'This phone number or email is not registered. Please contact the administrator',
  },
  'CODE.0001': { status: 200, zh: '验证码错误或已失效', en: 'The verification code is wrong or has expired' },
  'CODE.0002': {
    status: 200,
    zh: '验证码错误次数过多，请重新获取',
    en: 'Too many wrong codes. Please request a new one',
  },
  'CODE.0003': { status: 200, zh: '手机号格式不正确', en: 'Illegal phone' },
  'CODE.0004': { status: 200, zh: '邮箱格式不正确', en: 'Illegal email' },
  'CODE.0005': {
    status: 200,
    zh: '不支持该国家或地区的手机号',
    en: 'Phone numbers of this country or region are not supported',
  },
  'CODE.0006': {
    status: 200,
    zh: '验证码发送失败，请稍后再试',
    en: 'The code could not be sent. Please try again later',
  },
  'CODE.0007': { status: 200, zh: '当前账号未绑定手机号', en: 'The current account has no bound phone' },
  'CAPTCHA.0001': { status: 200, zh: '请先完成滑动验证', en: 'Please first complete slide verification' },
  'CAPTCHA.0002': { status: 200, zh: '验证失败', en: 'Verification failed' },
  'REGISTER.0001': {
    status: 200,
    zh: '当前企业未开放注册',
    en: 'Registration is not open for this enterprise',
  },
  'REGISTER.0002': { status: 200, zh: '用户名已被使用', en: 'This username is already taken' },
  'REGISTER.0003': {
    status: 200,
    zh: '该手机号或邮箱已注册，请直接登录',
    en: 'This phone number or email is already registered. Please sign in',
  },
  'REGISTER.0004': {
    status: 200,
    zh: '用户名只能包含字母、数字及 . _ @ + -，最长 64 位',
    en: 'A username may use letters, digits and . _ @ + - and at most 64 characters',
  },
  'PWD.0001': { status: 200, zh: '{tip}', en: '{tip}' },
  'PWD.0002': {
    status: 200,
    zh: '当前企业未开放找回密码',
    en: 'Password recovery is not open for this enterprise',
  },
  'PWD.0003': {
    status: 200,
    zh: '重置链接已失效，请重新验证账号',
    en: 'This reset has expired. Please verify your account again',
  },
  'PWD.0004': {
    status: 200,
    zh: '密码在 {days} 天内只能修改一次，如需修改请联系管理员',
    en: 'The password can be changed only once in {days} days. Please contact the administrator',
  },
  'PWD.0005': {
    status: 200,
    zh: '新密码不能与最近 {count} 次使用过的密码相同',
    en: 'The new password cannot be one of the last {count} passwords',
  },
  'PWD.0006': { status: 200, zh: '原密码错误', en: 'The old password is incorrect' },
  'PWD.0007': {
    status: 200,
    zh: '新密码和原密码不能相同',
    en: 'Old password and new password cannot be the same',
  },
  'PWD.0009': {
    status: 200,
    zh: '密码错误，请重新输入',
    en: 'The password is incorrect. Please enter it again',
  },
  'PWD.0008': {
    status: 200,
    zh: '当前企业未开放修改密码',
    en: 'Password change is not open for this enterprise',
  },
  'FLOW.0001': {
    status: 200,
    zh: '当前流程已失效，请重新登录',
    en: 'This step has expired. Please sign in again',
  },
  'FLOW.0002': {
    status: 200,
    zh: '请先完成当前步骤：{step}',
    en: 'Please finish the current step first: {step}',
  },
  'FLOW.0003': {
    status: 200,
    zh: '该流程不属于当前企业，请在本企业的登录页重新登录',
    en: "This flow belongs to another enterprise. Please sign in again on this enterprise's page",
  },
  'FLOW.0004': { status: 200, zh: '当前步骤不可跳过', en: 'This step cannot be skipped' },
  'AGREEMENT.0001': {
    status: 200,
    zh: '协议不存在或已有新版本，请刷新后重试',
    en: 'This agreement does not exist or has a newer version. Please refresh and try again',
  },
  'AGREEMENT.0002': {
    status: 200,
    zh: '请阅读并同意用户协议和隐私政策',
    en: 'Please read and agree to the user agreement and privacy policy',
  },
  'PROFILE.0001': { status: 200, zh: '{label}：{tip}', en: '{label}: {tip}' },
  'MOBILE.0001': {
    status: 200,
    zh: '该手机号已绑定其他账号',
    en: 'This phone number is already bound to another account',
  },
  'OTP.0001': { status: 200, zh: 'OTP 验证码错误', en: 'Invalid OTP code' },
  'OTP.0002': {
    status: 200,
    zh: '二维码已过期，请重新扫描',
    en: 'The QR code has expired. Please scan it again',
  },
  'OTP.0003': {
    status: 200,
    zh: '激活页面已失效，请重试',
    en: 'The activation page is invalid. Please try again',
  },
  'OTP.0004': { status: 200, zh: '当前账号未绑定 OTP', en: 'The current account has no OTP bound' },
  'OTP.0005': {
    status: 200,
    zh: '当前账号已绑定 OTP，请先重置',
    en: 'The current account already has OTP. Reset it first',
  },
  'FIDO2.0001': {
    status: 200,
    zh: '登录失败，请尝试其他设备或重新绑定',
    en: 'Login failed. Try another device or bind it again',
  },
  'FIDO2.0002': { status: 200, zh: '该认证器已添加', en: 'This authenticator has already been added' },
  'FIDO2.0003': {
    status: 200,
    zh: '当前设备不支持 FIDO2，请更换认证方式或联系管理员',
    en: 'This device does not support FIDO2. Change the method or contact the administrator',
  },
  'FIDO2.0004': {
    status: 200,
    zh: '认证器验证失败，请重试',
    en: 'The authenticator could not be verified. Please try again',
  },
  'LOGIN.FIDO2.0001': { status: 200, zh: '请重新发起验证', en: 'Please start the verification again' },
  'MFA.0001': {
    status: 200,
    zh: '没有可用的二次认证方式，请联系管理员',
    en: 'No second factor is available. Please contact the administrator',
  },
  'MFA.0002': { status: 200, zh: '该认证方式不可用', en: 'This verification method is not available' },
  'MFA.0003': {
    status: 200,
    zh: '消息已过期，请刷新后重新登录',
    en: 'The message has expired. Please refresh and log in again',
  },
  'MFA.0004': { status: 200, zh: '认证失败', en: 'Authentication failed' },
  'AUTHN.0001': {
    status: 200,
    zh: '绑定失败，请在手机上操作',
    en: 'Binding failed. Please bind on your phone',
  },
  'AUTHN.0002': {
    status: 200,
    zh: '当前设备不是你的认证器',
    en: 'This device is not bound as your authenticator',
  },
  'QR.0001': {
    status: 200,
    zh: '二维码已失效，请重新扫码',
    en: 'This QR code is no longer valid. Please scan again',
  },
  'QR.0002': {
    status: 200,
    zh: '不支持该应用，请使用已授权的应用扫码',
    en: 'The app is not supported, please select an authorized app scan code',
  },
  'APP.0001': { status: 200, zh: '应用不存在或已停用', en: 'This application does not exist or is disabled' },
  'APP.0002': {
    status: 200,
    zh: '请选择你在该应用中的账号',
    en: 'Please choose one of your accounts of this application',
  },
  'ADMIN.0001': {
    status: 401,
    zh: '管理员令牌无效，请重新输入',
    en: 'The admin token is not valid. Please enter it again',
  },
  'THEME.0001': { status: 400, zh: '模板 {template} 不存在', en: 'There is no template {template}' },
  'THEME.0002': { status: 400, zh: '该页面没有选项 {option}', en: 'This page has no option {option}' },
  'THEME.0003': {
    status: 400,
    zh: '选项 {option} 的值不正确',
    en: 'The value of option {option} is not valid',
  },
  'CONFIG.0001': {
    status: 400,
    zh: '登录配置 {field} 的值不正确',
    en: 'The value of login setting {field} is not valid',
  },
  'IMS.00030': {
    status: 200,
    zh: '用户数量超过规格，请联系管理员',
    en: 'The number of users exceeds the specification. Please contact the administrator',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERRORS;

/** Field names used in `{field}` placeholders, per language. */
export const FIELD_NAMES: Record<string, Record<Lang, string>> = {
  username: { zh: '用户名', en: 'Username' },
  password: { zh: '密码', en: 'Password' },
  domain: { zh: '企业域名', en: 'Enterprise domain' },
  locale: { zh: '语言', en: 'Language' },
  body: { zh: '请求内容', en: 'Request body' },
  mobile: { zh: '手机号', en: 'Mobile' },
  email: { zh: '邮箱', en: 'Email' },
  code: { zh: '验证码', en: 'Verification code' },
  recipient: { zh: '手机号或邮箱', en: 'Phone or email' },
  purpose: { zh: '用途', en: 'Purpose' },
  channel: { zh: '发送方式', en: 'Channel' },
  areaCode: { zh: '区号', en: 'Area code' },
  ticket: { zh: '重置凭证', en: 'Reset ticket' },
  type: { zh: '类型', en: 'Type' },
  flowId: { zh: '流程', en: 'Flow' },
  oldPassword: { zh: '原密码', en: 'Old password' },
  values: { zh: '个人信息', en: 'Personal information' },
  id: { zh: '协议', en: 'Agreement' },
  otp: { zh: 'OTP 验证码', en: 'OTP code' },
  factor: { zh: '认证方式', en: 'Verification method' },
  response: { zh: '认证器应答', en: 'Authenticator response' },
};

export function formatMessage(
  code: ErrorCode,
  lang: Lang,
  params: Record<string, string | number> = {},
): string {
  const template = ERRORS[code][lang];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    if (key === 'field') return FIELD_NAMES[String(value)]?.[lang] ?? String(value);
    return String(value);
  });
}
