import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { employees, users } from './schema/index.ts';

export type NameColumns = { firstName: AnyColumn; lastName: AnyColumn; middleName: AnyColumn };

export type MemberNameSql = {
  firstName: SQL<string>;
  lastName: SQL<string>;
  middleName: SQL<string>;
};

/**
 * The name a company sees: the membership's override where it has one, the account's otherwise
 * (decision 009). Every company-facing select, sort and search reads a name through here; the
 * person's own profile and the super admin read the account (`users`) directly. Takes the two
 * tables (or their aliases) so that a query joining a second person — an author, a changer —
 * reads that person's name in the same company the same way.
 */
export function memberNameOf(membership: NameColumns, account: NameColumns): MemberNameSql {
  return {
    firstName: sql<string>`coalesce(${membership.firstName}, ${account.firstName})`,
    lastName: sql<string>`coalesce(${membership.lastName}, ${account.lastName})`,
    middleName: sql<string>`coalesce(${membership.middleName}, ${account.middleName})`,
  };
}

/** «Фамилия Имя Отчество» as the company shows it (empty parts left out). */
export function memberFullNameOf(membership: NameColumns, account: NameColumns): SQL<string> {
  const name = memberNameOf(membership, account);
  return sql<string>`trim(concat_ws(' ', nullif(${name.lastName}, ''), nullif(${name.firstName}, ''), nullif(${name.middleName}, '')))`;
}

/** «Фамилия Имя» as the company shows it. */
export function memberShortNameOf(membership: NameColumns, account: NameColumns): SQL<string> {
  const name = memberNameOf(membership, account);
  return sql<string>`trim(concat_ws(' ', nullif(${name.lastName}, ''), nullif(${name.firstName}, '')))`;
}

/** For the usual query over `employees` joined to `users`. */
export const memberName = memberNameOf(employees, users);
export const memberFullName = memberFullNameOf(employees, users);
export const memberShortName = memberShortNameOf(employees, users);
