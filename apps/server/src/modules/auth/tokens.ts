import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@smena/contract';

export type AccessTokenPayload = {
  userId: number;
  sessionId: string;
  companyId: number | null;
  role: Role;
  impersonatorId: number | null;
};

export type VerifiedAccessToken =
  { ok: true; payload: AccessTokenPayload } | { ok: false; reason: 'expired' | 'invalid' };

const ISSUER = 'smena';
const AUDIENCE = 'smena-api';

export type TokenService = ReturnType<typeof createTokenService>;

/** Short-lived signed access tokens (HS256) that point at a server-side session. */
export function createTokenService(options: { secret: string; accessTtlSeconds: number }) {
  const key = new TextEncoder().encode(options.secret);

  async function signAccessToken(payload: AccessTokenPayload): Promise<string> {
    return new SignJWT({
      sid: payload.sessionId,
      cid: payload.companyId,
      role: payload.role,
      ...(payload.impersonatorId ? { imp: payload.impersonatorId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(payload.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${options.accessTtlSeconds}s`)
      .sign(key);
  }

  async function verifyAccessToken(token: string): Promise<VerifiedAccessToken> {
    try {
      const { payload } = await jwtVerify(token, key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const userId = Number(payload.sub);
      if (!Number.isInteger(userId) || typeof payload.sid !== 'string') {
        return { ok: false, reason: 'invalid' };
      }
      return {
        ok: true,
        payload: {
          userId,
          sessionId: payload.sid,
          companyId: typeof payload.cid === 'number' ? payload.cid : null,
          role: payload.role as Role,
          impersonatorId: typeof payload.imp === 'number' ? payload.imp : null,
        },
      };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, reason: 'expired' };
      return { ok: false, reason: 'invalid' };
    }
  }

  /** One-time codes are kept as keyed hashes, so a leaked table does not reveal live codes. */
  function hashOneTimeCode(phone: string, code: string): string {
    return createHmac('sha256', key).update(`${phone}:${code}`).digest('hex');
  }

  /**
   * The refresh token that succeeds a consumed one, derived from the consumed token's stored hash
   * with the server's key: a repeat within the grace window answers the same successor without
   * the database ever holding a token in the clear. Knowing the hash alone gives nothing.
   */
  function successorRefreshToken(consumedHash: string): string {
    return createHmac('sha256', key)
      .update(`refresh-successor\n${consumedHash}`)
      .digest('base64url');
  }

  return { signAccessToken, verifyAccessToken, hashOneTimeCode, successorRefreshToken };
}

/** A 256-bit random refresh token; only its hash is stored. */
export function generateRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function generateOneTimeCode(length: number): string {
  const max = 10 ** length;
  // randomBytes → uniform enough for 6 digits (bias below 1e-9 with 48 bits).
  const value = randomBytes(6).readUIntBE(0, 6) % max;
  return value.toString().padStart(length, '0');
}
