import { Readable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { ROSTER_LINE_CODES } from '@district/contracts';
import { lineError, parseOrgs, parseUsers, resolveRoster, RosterFileError } from './oneroster-csv';

// Issue 31: each refused roster line carries a stable code and its parameters (the admin's
// screen says it in their language) beside the English reason API clients read.
const ORGS_HEADER = 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId';
const USERS_HEADER =
  'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const ORGS = [ORGS_HEADER, 'o-gi,active,,Grand Isle School,school,,'].join('\n');
const person = (id: string, email: string, grade = '10', org = 'o-gi', given = 'Ann') =>
  `${id},active,,true,${org},student,${id},,${given},Family,,,${email},,,,${grade},`;
const file = (text: string | Buffer) => Readable.from([Buffer.from(text)]);
const usersOf = (...lines: string[]) => parseUsers(file([USERS_HEADER, ...lines].join('\n')));
const coded = (errors: Array<{ line: number; code: string; params: object; reason: string }>) =>
  errors.map(({ line, code, params }) => ({ line, code, params }));
const refusal = async (parse: Promise<unknown>) => {
  const error = await parse.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RosterFileError);
  return (error as RosterFileError).detail;
};

describe('OneRoster line errors', () => {
  it('codes each bad users.csv line with its parameters', async () => {
    const { errors } = await usersOf(
      person('s1', 'a@x.test'),
      person('s1', 'b@x.test'),
      person('s2', 'not-an-address'),
      person('s3', 'a@x.test'),
      person('s4', 'c@x.test', 'KG'),
      person('s5', 'd@x.test', '10', 'o-gi', ''),
      person('', 'e@x.test'),
    );
    expect(coded(errors)).toEqual([
      { line: 3, code: 'duplicateId', params: { id: 's1', firstLine: 2 } },
      { line: 4, code: 'invalidEmail', params: { email: 'not-an-address' } },
      { line: 5, code: 'duplicateEmail', params: { email: 'a@x.test', firstLine: 2 } },
      { line: 6, code: 'invalidGrade', params: { grade: 'KG', min: 6, max: 12 } },
      { line: 7, code: 'namesRequired', params: { max: 100 } },
      { line: 8, code: 'idInvalid', params: {} },
    ]);
    expect(errors.map((e) => e.reason)).toEqual([
      'sourcedId s1 is already on line 2',
      '"not-an-address" is not an e-mail address',
      'the e-mail a@x.test is already on line 2',
      'grade "KG" is not one of 6 to 12',
      'givenName and familyName are required (at most 100 characters)',
      'sourcedId is missing or too long',
    ]);
  });

  it('codes an org that is not a district school, and a person with no district school', async () => {
    const orgs = await parseOrgs(file(`${ORGS}\no-x,active,,Hogwarts School,school,,`));
    expect(coded(orgs.errors)).toEqual([
      { line: 3, code: 'unknownSchool', params: { name: 'Hogwarts School' } },
    ]);
    const users = await usersOf(
      person('s1', 'a@x.test', '10', 'o-nowhere'),
      person('s2', '', '9', ''),
    );
    const { errors } = resolveRoster(await parseOrgs(file(ORGS)), users);
    expect(coded(errors)).toEqual([
      { line: 2, code: 'noDistrictSchool', params: { orgs: 'o-nowhere', count: 1 } },
      { line: 3, code: 'noDistrictSchool', params: { orgs: '', count: 0 } },
    ]);
    expect(errors[1]!.reason).toBe(
      'none of the orgs (none) is a school of the district in orgs.csv',
    );
  });

  it('codes a file that is not a roster at all, naming its line', async () => {
    expect(await refusal(parseUsers(file('id,name\n1,Ann')))).toMatchObject({
      line: 1,
      code: 'missingColumns',
      params: { file: 'users', count: 8 },
    });
    const latin1 = Buffer.concat([
      Buffer.from(`${USERS_HEADER}\n${person('s1', 'a@x.test')}\n`),
      Buffer.from(`${person('s2', 'b@x.test', '9', 'o-gi', 'Jos\xe9')}\n`, 'latin1'),
    ]);
    expect(await refusal(parseUsers(file(latin1)))).toMatchObject({ line: 3, code: 'notUtf8' });
    expect(await refusal(parseUsers(file(`${USERS_HEADER}\ns1,active`)))).toMatchObject({
      line: 2,
      code: 'fieldCount',
    });
    expect(await refusal(parseUsers(file(`${USERS_HEADER}\n"s1,active`)))).toMatchObject({
      code: 'notCsv',
    });
    expect(await refusal(parseOrgs(file('x'.repeat(70 * 1024))))).toMatchObject({
      line: 1,
      code: 'lineTooLong',
    });
  });

  it('has an English reason for every code', () => {
    for (const code of ROSTER_LINE_CODES)
      expect(lineError('users', 2, code, { file: 'users', count: 1 }).reason).not.toBe('');
  });
});
