import { Controller, Get, Header, Inject, Module, type DynamicModule } from '@nestjs/common';
import { DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';
import { withTransaction } from '../database/with-transaction';
import { findOwnRows } from './own-data.repository';
import { CurrentUser } from '../identity/identity.decorators';
import type { Identity } from '../identity/identity.types';

// Issue 20: one kind of row a service holds about a user, found by the property naming them.
export interface OwnDataPart {
  name: string;
  entity: EntityTarget<ObjectLiteral>;
  userField: string;
  // Related rows worth reading beside it (a sign-up's opportunity title and date).
  relations?: string[];
  // Columns left out of the JSON (a stored PDF: its facts are in the other columns).
  omit?: string[];
}

export interface OwnDataExport {
  service: string;
  parts: Record<string, ObjectLiteral[]>;
}

// The path every service answers its part of a student's data export on. Internal: the gateway
// routes nothing under /internal/; svc-auth calls it on each service's own port with a freshly
// signed identity of the student, so a service hands out only the caller's own rows.
export const OWN_DATA_EXPORT_PATH = '/internal/export';

@Module({})
export class OwnDataExportModule {
  static forRoot(options: { service: string; parts: OwnDataPart[] }): DynamicModule {
    @Controller(OWN_DATA_EXPORT_PATH.slice(1))
    class OwnDataExportController {
      constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

      @Get()
      @Header('cache-control', 'no-store')
      async export(@CurrentUser() user: Identity): Promise<OwnDataExport> {
        // One snapshot, so the parts agree with each other.
        return withTransaction(
          this.dataSource,
          async (manager) => {
            const parts: Record<string, ObjectLiteral[]> = {};
            for (const part of options.parts)
              parts[part.name] = await findOwnRows(manager, part, user.id);
            return { service: options.service, parts };
          },
          'REPEATABLE READ',
        );
      }
    }
    return { module: OwnDataExportModule, controllers: [OwnDataExportController] };
  }
}
