import type { Role } from '@smena/contract';

/** Who is calling, taken from a verified token and a live session — never from the request body. */
export type AuthContext = {
  userId: number;
  sessionId: string;
  companyId: number | null;
  employeeId: number | null;
  role: Role;
  impersonatorId: number | null;
};

/** The same context narrowed to a caller inside a company. */
export type CompanyAuthContext = AuthContext & { companyId: number; employeeId: number };

export type RequestMeta = { userAgent: string | null; ip: string | null };
