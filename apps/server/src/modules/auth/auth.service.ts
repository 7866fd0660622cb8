import { ErrorCode, OTP_LENGTH, Role, TRIAL_USER_LIMIT } from '@smena/contract';
import type {
  ChangeNewPasswordInput,
  LoginInput,
  RegisterCompanyInput,
  RestoreAccountInput,
  TokenPair,
} from '@smena/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client.ts';
import { companies, countries, employees, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthContext, RequestMeta } from '../../lib/auth-context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { createAuditRepository } from '../audit/index.ts';
import { defaultTrialDays } from '../plans/index.ts';
import type { AttemptLimiter, LimitWindow } from './attempt-limiter.ts';
import { createAuthRepository } from './auth.repository.ts';
import { RateLimitedError, waitText } from '../../lib/rate-limited-error.ts';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../lib/password.ts';
import type { SmsProvider } from './sms.ts';
import {
  generateOneTimeCode,
  generateRefreshToken,
  hashRefreshToken,
  safeEqualHex,
  type TokenService,
} from './tokens.ts';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
/** A new code is not sent more often than this; the answer stays the same. */
export const OTP_RESEND_INTERVAL_MS = 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export const RESTORE_ACCOUNT_MESSAGE =
  'Если номер зарегистрирован, на него отправлен код подтверждения. Он действует 10 минут.';

const INVALID_CREDENTIALS = () =>
  new AppError(ErrorCode.INVALID_CREDENTIALS, 'Неверный email или пароль');
const INVALID_REFRESH = () =>
  new AppError(ErrorCode.SESSION_REVOKED, 'Сессия завершена. Войдите снова');
const COMPANY_BLOCKED = () => new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');
const USER_BLOCKED = () => new AppError(ErrorCode.USER_BLOCKED, 'Учётная запись заблокирована');
/**
 * One answer for a code that is wrong, expired, used or never requested, whether or not the
 * phone belongs to anyone.
 */
const WRONG_CODE = (attemptsLeft?: number) =>
  new AppError(ErrorCode.OTP_INVALID, 'Неверный или устаревший код', [
    {
      field: 'otp',
      message:
        attemptsLeft === undefined || attemptsLeft <= 0
          ? 'Неверный или устаревший код. Запросите новый'
          : `Неверный или устаревший код. Осталось попыток: ${attemptsLeft}`,
    },
  ]);

/** Limits keyed on what is attacked; per-IP ceilings are the routes' (`config.rateLimit`). */
export type AuthLimits = {
  /** Wrong passwords per account (the normalized email). */
  loginFailures: LimitWindow;
  /** Refreshes per session. */
  refreshPerSession: LimitWindow;
  /** Restore-code requests per phone, and new-password attempts per phone (counted apart). */
  otpPerPhone: LimitWindow;
  /** A rotated refresh token presented again within this many seconds answers its successor. */
  refreshGraceSeconds: number;
};

/** Limiter scopes: the counters of one scope never mix with another's. */
const LOGIN = 'login';
const REFRESH = 'refresh';
const RESTORE = 'restore';
const NEW_PASSWORD = 'new-password';
/** Unusable OTP rows are purged at most this often per instance. */
const OTP_PURGE_EVERY_MS = 10 * 60 * 1000;

export type AuthService = ReturnType<typeof createAuthService>;

export type RegisterCompanyOptions = {
  /**
   * Runs first inside the registration's transaction and decides the plan's user limit
   * (registration by a company invitation link locks and uses the link here).
   */
  prepare?: (tx: Tx) => Promise<{ userLimit: number }>;
};

export function createAuthService(deps: {
  db: Db;
  tokens: TokenService;
  sms: SmsProvider;
  refreshTtlDays: number;
  limiter: AttemptLimiter;
  limits: AuthLimits;
  log?: FastifyBaseLogger;
}) {
  const { db, tokens, limiter, limits } = deps;
  const repository = createAuthRepository(db);
  let lastOtpPurge = 0;

  /** Counts one attempt of `scope` on `subject`; a refusal is a 429 with Retry-After. */
  async function spendAttempt(
    scope: string,
    subject: string,
    window: LimitWindow,
    message: (seconds: number) => string,
  ): Promise<void> {
    const result = await limiter.hit(scope, subject, window);
    if (!result.allowed) {
      throw new RateLimitedError(message(result.retryAfterSeconds), result.retryAfterSeconds);
    }
  }

  async function issueTokens(
    session: {
      sessionId: string;
      userId: number;
      companyId: number | null;
      role: Role;
      impersonatorId: number | null;
    },
    repo = repository,
  ): Promise<TokenPair> {
    const refreshToken = generateRefreshToken();
    await repo.insertRefreshToken(session.sessionId, hashRefreshToken(refreshToken));
    const accessToken = await tokens.signAccessToken(session);
    return { accessToken, refreshToken };
  }

  async function startSession(
    values: { userId: number; companyId: number | null; role: Role; impersonatorId: number | null },
    meta: RequestMeta,
    repo = repository,
  ): Promise<TokenPair> {
    const sessionId = await repo.createSession({
      userId: values.userId,
      companyId: values.companyId,
      impersonatorId: values.impersonatorId,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
      expiresAt: new Date(Date.now() + deps.refreshTtlDays * DAY_MS),
    });
    return issueTokens({ ...values, sessionId }, repo);
  }

  /** Picks the company a user works in after login: the oldest active membership. */
  async function resolveMembership(user: { id: number; isSuperAdmin: boolean }) {
    if (user.isSuperAdmin) return { companyId: null, role: Role.SUPERADMIN } as const;
    const memberships = await repository.findMemberships(user.id);
    const usable = memberships.find((membership) => membership.companyStatus === 'ACTIVE');
    if (!usable) {
      if (memberships.length > 0) throw COMPANY_BLOCKED();
      throw new AppError(ErrorCode.FORBIDDEN, 'У вас нет доступа ни к одной компании');
    }
    return { companyId: usable.companyId, role: usable.role } as const;
  }

  /**
   * Stores a new restore code for the phone unless one went out less than a minute ago, and
   * sends it when `deliver` says so. Unknown phones get a code too, never sent: the database work
   * is the same either way, and so are the answers of change-new-password afterwards.
   */
  async function issueRestoreCode(
    phone: string,
    deliver: (text: string) => Promise<void> | null,
  ): Promise<'sent' | 'recently-sent'> {
    const latest = await repository.findLatestOtp(phone);
    if (latest && Date.now() - latest.createdAt.getTime() < OTP_RESEND_INTERVAL_MS) {
      return 'recently-sent';
    }
    const code = generateOneTimeCode(OTP_LENGTH);
    await repository.insertOtp({
      phone,
      codeHash: tokens.hashOneTimeCode(phone, code),
      expiresAt: new Date(Date.now() + OTP_TTL_MS),
    });
    await deliver(`Код для восстановления доступа: ${code}. Никому его не сообщайте.`);
    return 'sent';
  }

  /**
   * The restore SMS on the super admin's request: to an active user's phone, at most once a
   * minute; answers what happened.
   */
  async function sendRestoreCode(phone: string): Promise<RestoreCodeResult> {
    const user = await repository.findUserByPhone(phone);
    if (!user || user.status !== 'ACTIVE') return 'unknown';
    return issueRestoreCode(phone, (text) => deps.sms.send(phone, text));
  }

  function purgeOtpsNowAndThen() {
    if (Date.now() - lastOtpPurge < OTP_PURGE_EVERY_MS) return;
    lastOtpPurge = Date.now();
    repository.purgeExpiredOtps().catch((error: unknown) => {
      deps.log?.warn({ err: error }, 'expired restore codes could not be purged');
    });
  }

  return {
    /**
     * Every attempt is counted against the account first and taken back once the password is
     * right, so that concurrent guesses cannot slip past the limit. While the account is locked
     * the password is not even checked: a right one must not answer differently from a wrong one.
     */
    async login(input: LoginInput, meta: RequestMeta): Promise<TokenPair> {
      await spendAttempt(
        LOGIN,
        input.email,
        limits.loginFailures,
        (seconds) =>
          `Слишком много неудачных попыток входа. Повторите через ${Math.ceil(seconds / 60)} мин`,
      );
      const user = await repository.findUserByEmail(input.email);
      if (!user) {
        await verifyAgainstDummy(input.password);
        throw INVALID_CREDENTIALS();
      }
      if (!(await verifyPassword(user.passwordHash, input.password))) throw INVALID_CREDENTIALS();
      await limiter.refund(LOGIN, input.email);
      if (user.status === 'BLOCKED') throw USER_BLOCKED();
      await repository.markLoggedIn(user.id);
      const membership = await resolveMembership(user);
      return startSession({ userId: user.id, ...membership, impersonatorId: null }, meta);
    },

    /**
     * Rotates the refresh token. The successor is derived from the consumed token, so a repeat
     * within the grace window (two tabs, a retried request) answers the same pair; a token
     * presented again later means it leaked (or a client misbehaved): the whole session is
     * revoked.
     */
    async refresh(refreshToken: string): Promise<TokenPair> {
      const tokenHash = hashRefreshToken(refreshToken);
      const grace = limits.refreshGraceSeconds;
      let known = await repository.findRefreshToken(tokenHash, grace);
      if (!known) throw INVALID_REFRESH();
      await spendAttempt(
        REFRESH,
        known.sessionId,
        limits.refreshPerSession,
        (seconds) => `Слишком много обновлений сессии. Повторите через ${waitText(seconds)}`,
      );
      const successor = tokens.successorRefreshToken(tokenHash);
      if (known.usedAt === null) {
        const rotated = await repository.rotateRefreshToken(tokenHash, hashRefreshToken(successor));
        // Another request rotated it a moment ago: treated as the repeat it is.
        if (!rotated) known = await repository.findRefreshToken(tokenHash, grace);
      }
      if (!known || (known.usedAt !== null && !known.withinGrace)) {
        if (known) await repository.revokeSession(known.sessionId, 'refresh-token-reuse');
        throw INVALID_REFRESH();
      }
      const session = await repository.findLiveSession(known.sessionId);
      if (!session) throw INVALID_REFRESH();
      if (session.userStatus !== 'ACTIVE') throw USER_BLOCKED();
      let role: Role = Role.SUPERADMIN;
      if (session.companyId !== null) {
        if (session.employeeStatus !== 'ACTIVE' || !session.employeeRole) throw INVALID_REFRESH();
        if (session.companyStatus === 'BLOCKED' && !session.impersonatorId) throw COMPANY_BLOCKED();
        role = session.employeeRole;
      } else if (!session.isSuperAdmin) {
        throw INVALID_REFRESH();
      }
      await repository.touchSession(session.sessionId);
      const accessToken = await tokens.signAccessToken({
        sessionId: session.sessionId,
        userId: session.userId,
        companyId: session.companyId,
        role,
        impersonatorId: session.impersonatorId,
      });
      return { accessToken, refreshToken: successor };
    },

    async logout(auth: AuthContext): Promise<void> {
      await repository.revokeSession(auth.sessionId, 'logout');
    },

    async clearSessions(auth: AuthContext): Promise<void> {
      await repository.revokeUserSessions(auth.userId, 'clear-session');
    },

    /**
     * Opens a session for a user who has just joined a company (registration by an invitation
     * link), once the membership is committed.
     */
    startSessionFor(
      values: { userId: number; companyId: number; role: Role },
      meta: RequestMeta,
    ): Promise<TokenPair> {
      return startSession({ ...values, impersonatorId: null }, meta);
    },

    /** Company self-registration: the company on a trial and its first ADMIN, in one transaction. */
    async registerCompany(
      input: Omit<RegisterCompanyInput, 'firstName' | 'lastName'> &
        Partial<Pick<RegisterCompanyInput, 'firstName' | 'lastName'>>,
      meta: RequestMeta,
      options: RegisterCompanyOptions = {},
    ): Promise<TokenPair> {
      const passwordHash = await hashPassword(input.password);
      return withAccountConflicts(() =>
        db.transaction(async (tx) => {
          const { userLimit } = options.prepare
            ? await options.prepare(tx)
            : { userLimit: TRIAL_USER_LIMIT };
          const { companyId, userId } = await insertCompanyAccount(
            tx,
            { ...input, passwordHash, userLimit },
            { userId: null, action: 'REGISTER_COMPANY' },
          );
          return startSession(
            { userId, companyId, role: Role.ADMIN, impersonatorId: null },
            meta,
            createAuthRepository(tx),
          );
        }),
      );
    },

    /**
     * A company with its first ADMIN created by the super admin: the same rules as
     * self-registration, the plan's terms given; no session is opened.
     */
    async createCompanyAccount(
      auth: AuthContext,
      input: Omit<CompanyAccountValues, 'passwordHash'> & { password: string },
    ): Promise<{ companyId: number; userId: number }> {
      const { password, ...values } = input;
      const passwordHash = await hashPassword(password);
      return withAccountConflicts(() =>
        db.transaction((tx) =>
          insertCompanyAccount(
            tx,
            { ...values, passwordHash },
            { userId: auth.userId, action: 'COMPANY_CREATE' },
          ),
        ),
      );
    },

    /**
     * Sends a code when the phone is an active user's; the answer never tells whether it is, by
     * its words or by its time: an unknown phone costs the same reads and write, and the SMS
     * goes out after the answer.
     */
    async restoreAccount(input: RestoreAccountInput): Promise<{ message: string }> {
      await spendAttempt(
        RESTORE,
        input.phone,
        limits.otpPerPhone,
        (seconds) =>
          `Слишком много запросов кода для этого номера. Повторите через ${waitText(seconds)}`,
      );
      const user = await repository.findUserByPhone(input.phone);
      const deliver = user?.status === 'ACTIVE';
      await issueRestoreCode(input.phone, (text) => {
        if (!deliver) return null;
        // Not awaited: a slow SMS gateway must not tell a known phone from an unknown one.
        deps.sms.send(input.phone, text).catch((error: unknown) => {
          deps.log?.error({ err: error }, 'restore code SMS could not be sent');
        });
        return null;
      });
      purgeOtpsNowAndThen();
      return { message: RESTORE_ACCOUNT_MESSAGE };
    },

    /** The restore SMS on the super admin's request (the same code path as restoreAccount). */
    sendRestoreCode,

    async changeNewPassword(input: ChangeNewPasswordInput): Promise<{ message: string }> {
      await spendAttempt(
        NEW_PASSWORD,
        input.phone,
        limits.otpPerPhone,
        (seconds) => `Слишком много попыток для этого номера. Повторите через ${waitText(seconds)}`,
      );
      const otp = await repository.findLatestOtp(input.phone);
      if (!otp || otp.expiresAt.getTime() <= Date.now()) throw WRONG_CODE();
      const attempt = await repository.countOtpAttempt(otp.id, OTP_MAX_ATTEMPTS);
      if (!attempt) {
        // A new code may be requested once the resend interval of this one has passed.
        const seconds = Math.max(
          1,
          Math.ceil((otp.createdAt.getTime() + OTP_RESEND_INTERVAL_MS - Date.now()) / 1000),
        );
        throw new RateLimitedError(
          'Слишком много неверных попыток. Запросите новый код',
          seconds,
          ErrorCode.OTP_TOO_MANY_ATTEMPTS,
        );
      }
      if (!safeEqualHex(otp.codeHash, tokens.hashOneTimeCode(input.phone, input.otp))) {
        throw WRONG_CODE(OTP_MAX_ATTEMPTS - attempt.attempts);
      }
      const user = await repository.findUserByPhone(input.phone);
      if (!user || !(await repository.consumeOtp(otp.id))) throw WRONG_CODE();
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const repo = createAuthRepository(tx);
        await repo.setPassword(user.id, passwordHash);
        await repo.revokeUserSessions(user.id, 'password-restored');
      });
      // The owner proved themselves by the code: a lock left by someone else's guesses ends.
      await limiter.reset(LOGIN, user.email);
      await limiter.reset(NEW_PASSWORD, input.phone);
      return { message: 'Пароль изменён. Войдите с новым паролем' };
    },

    /** A super admin enters a company as its ADMIN; the session remembers who really acts. */
    async impersonate(
      auth: AuthContext,
      companyId: number,
      execAs: string | undefined,
      meta: RequestMeta,
    ): Promise<TokenPair> {
      const company = await repository.findCompany(companyId);
      if (!company) throw AppError.notFound('Компания не найдена');
      const admin = await repository.findCompanyAdmin(companyId);
      if (!admin) throw AppError.conflict('В компании нет активного администратора');
      const tokensPair = await startSession(
        { userId: admin.userId, companyId, role: Role.ADMIN, impersonatorId: auth.userId },
        meta,
      );
      await createAuditRepository(db).record({
        companyId,
        userId: admin.userId,
        impersonatorId: auth.userId,
        action: 'IMPERSONATION_START',
        entity: 'company',
        entityId: String(companyId),
        details: execAs ? { execAs } : null,
      });
      return tokensPair;
    },
  };
}

/** A company and its first ADMIN, whoever creates them. */
export type CompanyAccountValues = {
  title: string;
  email: string;
  phone: string;
  country: string;
  passwordHash: string;
  userLimit: number;
  timezone?: string;
  isTrial?: boolean;
  /** Undefined: the trial's length from now, as self-registration gives. */
  paidUntil?: Date | null;
  firstName?: string;
  lastName?: string;
  middleName?: string;
};

export type RestoreCodeResult = 'sent' | 'recently-sent' | 'unknown';

/**
 * Inserts the company, its first user and that user's ADMIN membership, and records who did it
 * (`audit.userId` null: the new admin registered themselves).
 */
async function insertCompanyAccount(
  tx: Tx,
  values: CompanyAccountValues,
  audit: { userId: number | null; action: string },
): Promise<{ companyId: number; userId: number }> {
  const repo = createAuthRepository(tx);
  const [country] = await tx
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.code, values.country))
    .limit(1);
  if (!country) throw AppError.validation('country', 'Выберите страну из списка');
  if (await repo.findUserByEmail(values.email)) throw emailTaken();
  if (await repo.findUserByPhone(values.phone)) throw phoneTaken();

  const [company] = await tx
    .insert(companies)
    .values({
      title: values.title,
      email: values.email,
      phone: values.phone,
      countryCode: values.country,
      ...(values.timezone ? { timezone: values.timezone } : {}),
      userLimit: values.userLimit,
      isTrial: values.isTrial ?? true,
      paidUntil:
        values.paidUntil === undefined
          ? // The trial of the default plan (the super admin sets it on the plans page).
            new Date(Date.now() + (await defaultTrialDays(tx)) * DAY_MS)
          : values.paidUntil,
    })
    .returning({ id: companies.id });
  const [user] = await tx
    .insert(users)
    .values({
      email: values.email,
      phone: values.phone,
      passwordHash: values.passwordHash,
      countryCode: values.country,
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      middleName: values.middleName ?? '',
    })
    .returning({ id: users.id });
  await tx.insert(employees).values({
    companyId: company!.id,
    userId: user!.id,
    role: Role.ADMIN,
  });
  await createAuditRepository(tx).record({
    companyId: company!.id,
    userId: audit.userId ?? user!.id,
    impersonatorId: null,
    action: audit.action,
    entity: 'company',
    entityId: String(company!.id),
  });
  return { companyId: company!.id, userId: user!.id };
}

/** Two registrations racing for the same email or phone: the unique index decides. */
async function withAccountConflicts<T>(create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    if (isUniqueViolation(error, 'users_phone_unique')) throw phoneTaken();
    throw error;
  }
}

function emailTaken() {
  return new AppError(ErrorCode.CONFLICT, 'Пользователь с таким email уже зарегистрирован', [
    { field: 'email', message: 'Этот email уже зарегистрирован' },
  ]);
}

function phoneTaken() {
  return new AppError(ErrorCode.CONFLICT, 'Пользователь с таким телефоном уже зарегистрирован', [
    { field: 'phone', message: 'Этот телефон уже зарегистрирован' },
  ]);
}
