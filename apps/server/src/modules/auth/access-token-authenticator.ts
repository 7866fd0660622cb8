import { ErrorCode, Role } from '@smena/contract';
import { AppError } from '../../lib/app-error.ts';
import type { AccessTokenAuthenticator, AuthContext } from '../../lib/auth-context.ts';
import type { AuthRepository, LiveSession } from './auth.repository.ts';
import { COMPANY_SCOPE, type EmployeeScope } from '../../db/employee-scope.ts';
import type { TokenService } from './tokens.ts';

/**
 * Turns an access token into the caller: a valid signature, a live session, an active user and
 * membership. Throws the AppError the caller should see otherwise.
 */
export function createAccessTokenAuthenticator(options: {
  tokens: TokenService;
  authRepository: AuthRepository;
}): AccessTokenAuthenticator {
  /** Decision 016: the one place a caller's role turns into the employees they may reach. */
  async function scopeOf(
    companyId: number,
    employeeId: number,
    session: Pick<LiveSession, 'employeeRole' | 'employeeManagerScope'>,
  ): Promise<EmployeeScope> {
    if (session.employeeRole === Role.EMPLOYEE) return { kind: 'SELF', employeeId };
    if (session.employeeRole === Role.MANAGER && session.employeeManagerScope === 'UNITS') {
      return options.authRepository.findManagerUnitsScope(companyId, employeeId);
    }
    return COMPANY_SCOPE;
  }

  return async function authenticate(token: string): Promise<AuthContext> {
    const verified = await options.tokens.verifyAccessToken(token);
    if (!verified.ok) {
      throw verified.reason === 'expired'
        ? new AppError(ErrorCode.TOKEN_EXPIRED, 'Срок действия сессии истёк')
        : AppError.unauthorized('Недействительный токен');
    }
    const session = await options.authRepository.findLiveSession(verified.payload.sessionId);
    if (!session || session.userId !== verified.payload.userId) {
      throw new AppError(ErrorCode.SESSION_REVOKED, 'Сессия завершена. Войдите снова');
    }
    if (session.userStatus !== 'ACTIVE') {
      throw new AppError(ErrorCode.USER_BLOCKED, 'Учётная запись заблокирована');
    }
    if (session.companyId === null) {
      if (!session.isSuperAdmin) throw AppError.unauthorized();
      return {
        userId: session.userId,
        sessionId: session.sessionId,
        companyId: null,
        employeeId: null,
        role: Role.SUPERADMIN,
        impersonatorId: null,
        scope: COMPANY_SCOPE,
      };
    }
    if (session.employeeStatus !== 'ACTIVE' || !session.employeeRole || !session.employeeId) {
      throw new AppError(ErrorCode.SESSION_REVOKED, 'Доступ к компании закрыт');
    }
    // A super admin may still look inside a blocked company.
    if (session.companyStatus === 'BLOCKED' && !session.impersonatorId) {
      throw new AppError(ErrorCode.COMPANY_BLOCKED, 'Компания заблокирована');
    }
    return {
      userId: session.userId,
      sessionId: session.sessionId,
      companyId: session.companyId,
      employeeId: session.employeeId,
      role: session.employeeRole,
      impersonatorId: session.impersonatorId,
      scope: await scopeOf(session.companyId, session.employeeId, session),
      companyPaidUntil: session.companyPaidUntil,
    };
  };
}
