import { SignJWT, decodeJwt } from 'jose';
import { E2E_JWT_SECRET } from './constants.ts';

/**
 * The same access token (session, company, role), signed with the e2e server's secret but expired
 * a quarter of an hour ago: the next API call answers 401 TOKEN_EXPIRED and the SPA must refresh.
 */
export async function expiredCopyOf(accessToken: string): Promise<string> {
  const claims = decodeJwt(accessToken);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, cid: claims.cid, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.sub))
    .setIssuer('smena')
    .setAudience('smena-api')
    .setIssuedAt(now - 1800)
    .setExpirationTime(now - 900)
    .sign(new TextEncoder().encode(E2E_JWT_SECRET));
}
