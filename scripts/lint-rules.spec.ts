// Issue 30: the house rules of docs/architecture.md are enforced by the layering rules in
// eslint.config.mjs. Each planted violation below, linted with the repository's own config as if
// it were the named file, must fail with the rule's message; the same code where the rules allow
// it (a repository, a migration, a test) must pass.
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { ROOT } from './workspaces.ts';

const eslint = new ESLint({ cwd: ROOT });

async function messagesFor(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message}`);
}

const QUERY_IN_CODE = `
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
@Injectable()
export class FooService {
  constructor(private readonly dataSource: DataSource) {}
  count(): Promise<unknown> {
    return this.dataSource.query('SELECT count(*) FROM foo');
  }
}
`;
const QUERY_BUILDER = `
import type { DataSource } from 'typeorm';
export function latest(dataSource: DataSource) {
  return dataSource.createQueryBuilder().select('id').from('foo', 'f').getRawMany();
}
`;
const MANAGER_FIND = `
import type { EntityManager } from 'typeorm';
export function first(manager: EntityManager) {
  return manager.findOne(Object, { where: { id: 1 } });
}
`;
const INJECT_REPOSITORY = `
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
class Foo { id = 0; }
@Injectable()
export class FooService {
  constructor(@InjectRepository(Foo) private readonly repo: Repository<Foo>) {}
}
`;
const DATASOURCE_TRANSACTION = `
import type { DataSource } from 'typeorm';
export function change(dataSource: DataSource) {
  return dataSource.transaction(async () => undefined);
}
`;
const QUERY_RUNNER_TRANSACTION = `
import type { DataSource } from 'typeorm';
export async function change(dataSource: DataSource) {
  const runner = dataSource.createQueryRunner();
  await runner.startTransaction();
  await runner.commitTransaction();
}
`;
const PG_POOL = `
import { Pool } from 'pg';
export const pool = new Pool({ connectionString: process.env.DATABASE_URL });
`;
const CONTROLLER_IMPORTING_REPOSITORY = `
import { Controller, Get } from '@nestjs/common';
import { FooRepository } from './foo.repository';
@Controller('foo')
export class FooController {
  constructor(private readonly foos: FooRepository) {}
  @Get() list() { return this.foos.list(); }
}
`;
const CONTROLLER_IMPORTING_KIT_REPOSITORY = `
import { Controller } from '@nestjs/common';
import { UsersReplicaRepository } from '@district/service-kit';
@Controller('foo')
export class FooController {
  constructor(private readonly users: UsersReplicaRepository) {}
}
`;
const CONTROLLER_IMPORTING_SERVICE = `
import { Controller, Get } from '@nestjs/common';
import { FooService } from './foo.service';
@Controller('foo')
export class FooController {
  constructor(private readonly foos: FooService) {}
  @Get() list() { return this.foos.list(); }
}
`;
const WITH_TRANSACTION = `
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { withTransaction } from '@district/service-kit';
import { FooRepository } from './foo.repository';
@Injectable()
export class FooService {
  constructor(private readonly dataSource: DataSource, private readonly foos: FooRepository) {}
  rename(id: number, name: string) {
    return withTransaction(this.dataSource, (manager) => this.foos.rename(manager, id, name));
  }
}
`;

const UNIT_TEST_TITLED = `
import { describe, it } from '@jest/globals';
describe('foo service', () => { it('works', () => undefined); });
`;
const UNIT_TEST_NAMED = `
import { describe, it } from '@jest/globals';
import { FooService } from './foo.service';
describe(FooService.name, () => { it('works', () => undefined); });
`;

const SERVICE = 'svc-hours/src/foo/foo.service.ts';
const UNIT_TEST = 'svc-hours/src/foo/foo.service.spec.ts';
const KIT_FILE = 'packages/service-kit/src/foo/foo.ts';
const REPOSITORY = 'svc-hours/src/foo/foo.repository.ts';
const MIGRATION = 'svc-hours/src/migrations/1800000000000-Foo.ts';
const CONTROLLER = 'svc-hours/src/foo/foo.controller.ts';

const QUERY = /Queries run only in a repository.*docs\/architecture\.md/;
const MANAGER = /EntityManager queries run only in a repository.*docs\/architecture\.md/;
const INJECT = /Only a repository injects TypeORM repositories.*docs\/architecture\.md/;
const TRANSACTION =
  /Open a transaction only with the kit's withTransaction.*docs\/architecture\.md/;
const PG =
  /'pg' import is restricted.*Database connections belong to the kit's DatabaseModule.*docs\/architecture\.md/;
const UNIT_TEST_NAME = /describe\(XService\.name.*docs\/architecture\.md/;
const CONTROLLER_REPOSITORY = /A controller never imports a repository.*docs\/architecture\.md/;

describe('layering lint rules (eslint.config.mjs, docs/architecture.md)', () => {
  it.each([
    ['a raw query in a service', QUERY_IN_CODE, SERVICE, QUERY],
    ['a query builder outside a repository', QUERY_BUILDER, KIT_FILE, QUERY],
    ['an EntityManager find in a service', MANAGER_FIND, SERVICE, MANAGER],
    ['@InjectRepository in a service', INJECT_REPOSITORY, SERVICE, INJECT],
    ['dataSource.transaction in a service', DATASOURCE_TRANSACTION, SERVICE, TRANSACTION],
    ['dataSource.transaction in a repository', DATASOURCE_TRANSACTION, REPOSITORY, TRANSACTION],
    ['a query runner transaction in a service', QUERY_RUNNER_TRANSACTION, SERVICE, TRANSACTION],
    ['a query runner in a service', QUERY_RUNNER_TRANSACTION, SERVICE, QUERY],
    ['a pg Pool in a service', PG_POOL, SERVICE, PG],
    [
      'a controller importing a repository',
      CONTROLLER_IMPORTING_REPOSITORY,
      CONTROLLER,
      CONTROLLER_REPOSITORY,
    ],
    [
      'a controller importing a class named *Repository',
      CONTROLLER_IMPORTING_KIT_REPOSITORY,
      CONTROLLER,
      CONTROLLER_REPOSITORY,
    ],
    ['a service unit test titled by a string', UNIT_TEST_TITLED, UNIT_TEST, UNIT_TEST_NAME],
  ])('fails %s', async (_what, code, filePath, message) => {
    const messages = await messagesFor(code, filePath);
    expect(messages).toEqual(expect.arrayContaining([expect.stringMatching(message)]));
  });

  it.each([
    ['a raw query in a repository', QUERY_IN_CODE, REPOSITORY],
    ['a query builder in a repository', QUERY_BUILDER, REPOSITORY],
    ['an EntityManager find in a repository', MANAGER_FIND, REPOSITORY],
    ['@InjectRepository in a repository', INJECT_REPOSITORY, REPOSITORY],
    ['a raw query in a migration', QUERY_IN_CODE, MIGRATION],
    [
      'a raw query in a kit migration',
      QUERY_IN_CODE,
      'packages/service-kit/src/foo/foo.migration.ts',
    ],
    ['a pg Pool in a repository', PG_POOL, REPOSITORY],
    ['a raw query in a unit test', QUERY_IN_CODE, 'svc-hours/src/foo/foo.service.spec.ts'],
    [
      'a transaction in an integration test',
      DATASOURCE_TRANSACTION,
      'svc-hours/test/foo.integration-spec.ts',
    ],
    ['a controller calling its service', CONTROLLER_IMPORTING_SERVICE, CONTROLLER],
    ['a service opening withTransaction over its repository', WITH_TRANSACTION, SERVICE],
    ['a service unit test named by its class', UNIT_TEST_NAMED, UNIT_TEST],
  ])('passes %s', async (_what, code, filePath) => {
    expect(await messagesFor(code, filePath)).toEqual([]);
  });
});
